-- A player's own language (/language); see sqlite/007_user_language.sql.
CREATE TABLE user_language (
    user_id BIGINT PRIMARY KEY,
    language TEXT NOT NULL,
    at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'))
);
