-- A player's own language (/language), across servers; without a row he reads his
-- Discord client's language (see bot/tables/languages.py). The server's language is in
-- guild_settings' JSON ("language").
CREATE TABLE user_language (
    user_id INTEGER PRIMARY KEY,
    language TEXT NOT NULL,
    at TEXT NOT NULL DEFAULT (datetime('now'))
);
