-- Restore cache: the newest snapshot of each open table's state, covering its first
-- actions logged actions (see sqlite/005_snapshots.sql).
CREATE TABLE table_snapshots (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    actions INTEGER NOT NULL CHECK (actions >= 0),
    tag TEXT NOT NULL,
    data BYTEA NOT NULL,
    at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'))
);
