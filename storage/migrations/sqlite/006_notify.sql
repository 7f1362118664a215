-- Players who turned their own turn pings off (/notify off); everyone else is pinged
-- when the turn passes to him (unless the server turned pings off).
CREATE TABLE notify_off (
    user_id INTEGER PRIMARY KEY,
    at TEXT NOT NULL DEFAULT (datetime('now'))
);
