-- How a player wants his private messages shown (/display); see sqlite/013_user_display.sql.
CREATE TABLE user_display (
    user_id BIGINT PRIMARY KEY,
    text_mode INTEGER NOT NULL DEFAULT 0,
    four_colour INTEGER NOT NULL DEFAULT 0,
    at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'))
);
