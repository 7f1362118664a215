-- The lessons a player finished (/learn), one row per user, game and lesson, across
-- servers; see storage/lessons.py.
CREATE TABLE lesson_progress (
    user_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    lesson INTEGER NOT NULL,
    finished_at TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (user_id, game, lesson)
);

-- Puzzles (/puzzle): positions of finished games where the hard player found one move
-- clearly best; ``data`` is the position (seed, variant, players, the actions before it,
-- the seat) and the moves on offer with their scores, as JSON (see bot/learning/puzzles.py).
CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    source INTEGER NOT NULL,
    position INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    data TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (datetime('now')),
    UNIQUE (source, position, seat)
);
CREATE INDEX puzzles_game ON puzzles (game);

-- The finished tables already searched for puzzles (found one or not).
CREATE TABLE puzzle_sources (
    table_id INTEGER PRIMARY KEY,
    searched_at TEXT NOT NULL DEFAULT (datetime('now'))
);
