-- Game tables: a table is its seed, options, seats and action log; the state is rebuilt by replay.
CREATE TABLE tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER,
    host_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '{}',
    seed INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'lobby'
        CHECK (status IN ('lobby', 'running', 'finished', 'cancelled', 'broken')),
    version INTEGER NOT NULL DEFAULT 0,
    timer_seconds INTEGER,
    deadline REAL,
    end_reason TEXT,
    created_at TEXT NOT NULL DEFAULT (datetime('now')),
    started_at TEXT,
    ended_at TEXT
);

-- At most one open table per channel.
CREATE UNIQUE INDEX tables_open_channel ON tables (channel_id)
    WHERE status IN ('lobby', 'running');

CREATE INDEX tables_status ON tables (status);

-- user_id NULL: a computer seat. computer_level set on a human seat: a computer holds it.
CREATE TABLE table_seats (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER,
    name TEXT NOT NULL,
    computer_level TEXT,
    resigned INTEGER NOT NULL DEFAULT 0,
    timeouts INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE table_actions (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    at TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (table_id, seq)
);
