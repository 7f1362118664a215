-- Finished (and closed) games, their seats and rounds; ratings per player per game per server.
-- counted = 1 when the game counts for games/wins/ratings (finished, and either no computer
-- seat or the server's count_computer_games setting on); rated = 1 when ratings moved.
CREATE TABLE game_results (
    result_id INTEGER PRIMARY KEY,
    table_id INTEGER NOT NULL UNIQUE,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '{}',
    seed INTEGER NOT NULL,
    reason TEXT NOT NULL,
    players INTEGER NOT NULL,
    humans INTEGER NOT NULL,
    counted INTEGER NOT NULL DEFAULT 0,
    rated INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL DEFAULT '',
    ended_at TEXT NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE INDEX game_results_history ON game_results (guild_id, reason, game, ended_at DESC);

CREATE TABLE result_seats (
    result_id INTEGER NOT NULL REFERENCES game_results (result_id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER REFERENCES players (user_id),
    name TEXT NOT NULL,
    total INTEGER NOT NULL,
    place INTEGER NOT NULL,
    winner INTEGER NOT NULL DEFAULT 0,
    resigned INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (result_id, seat)
);

CREATE INDEX result_seats_user ON result_seats (user_id, result_id DESC);

CREATE TABLE round_results (
    result_id INTEGER NOT NULL REFERENCES game_results (result_id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    points INTEGER NOT NULL,
    PRIMARY KEY (result_id, round, seat)
);

-- ordinal = mu - 3 sigma (the conservative skill the leaderboard sorts on).
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (guild_id, game, user_id)
);

CREATE INDEX ratings_by_ordinal ON ratings (guild_id, game, ordinal DESC);
CREATE INDEX ratings_by_wins ON ratings (guild_id, game, wins DESC);

CREATE TABLE rating_history (
    result_id INTEGER NOT NULL REFERENCES game_results (result_id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    PRIMARY KEY (result_id, user_id)
);

CREATE INDEX rating_history_trend ON rating_history (guild_id, game, user_id, result_id DESC);
