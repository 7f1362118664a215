-- The lessons a player finished (/learn), one row per user, game and lesson, across
-- servers; see storage/lessons.py.
CREATE TABLE lesson_progress (
    user_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    lesson INTEGER NOT NULL,
    finished_at TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (user_id, game, lesson)
);
