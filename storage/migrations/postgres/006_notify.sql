-- Players who turned their own turn pings off (/notify off); see sqlite/006_notify.sql.
CREATE TABLE notify_off (
    user_id BIGINT PRIMARY KEY,
    at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'))
);
