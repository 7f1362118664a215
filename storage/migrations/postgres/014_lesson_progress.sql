-- The lessons a player finished (/learn); see sqlite/014_lesson_progress.sql.
CREATE TABLE lesson_progress (
    user_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    lesson INTEGER NOT NULL,
    finished_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')),
    PRIMARY KEY (user_id, game, lesson)
);
