-- How a player wants his private messages shown (/display), across servers (issue 34):
-- text_mode 1 = his panels, cards, hints and reviews in words instead of pictures;
-- four_colour 1 = his private pictures drawn with the four-colour deck. Without a row he
-- has the defaults (pictures, two colours).
CREATE TABLE user_display (
    user_id INTEGER PRIMARY KEY,
    text_mode INTEGER NOT NULL DEFAULT 0,
    four_colour INTEGER NOT NULL DEFAULT 0,
    at TEXT NOT NULL DEFAULT (datetime('now'))
);
