-- Per-server settings, one JSON document per server (validated in storage/guild_settings.py).
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    data TEXT NOT NULL DEFAULT '{}',
    updated_at TEXT NOT NULL DEFAULT (datetime('now'))
);
