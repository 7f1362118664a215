-- Per-server settings, one JSON document per server (validated in storage/guild_settings.py).
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    data TEXT NOT NULL DEFAULT '{}',
    updated_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'))
);
