-- Restore cache: the newest snapshot of each open table's state, covering its first
-- `actions` logged actions. A table's log stays the truth; a snapshot that does not load
-- (another format tag, a corrupt blob) is ignored and the log is replayed in full.
CREATE TABLE table_snapshots (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    actions INTEGER NOT NULL CHECK (actions >= 0),
    tag TEXT NOT NULL,
    data BLOB NOT NULL,
    at TEXT NOT NULL DEFAULT (datetime('now'))
);
