-- Fencing (storage.ownership, storage.fencing): one row per shard with its owner epoch.
-- A process that takes a shard's advisory lock bumps the epoch; every write of a table
-- reads its shard's epoch FOR SHARE in the same transaction and is refused when it is not
-- the one this process took. owner and taken_at only tell operators who took it when.
-- (SQLite has one process and no takeovers: the table stays empty there.)
CREATE TABLE shard_owners (
    shard INTEGER PRIMARY KEY,
    epoch BIGINT NOT NULL,
    owner TEXT NOT NULL,
    taken_at TEXT NOT NULL
);
