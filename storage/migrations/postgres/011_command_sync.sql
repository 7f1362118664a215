-- The slash commands last synced to Discord, by scope (the application and "global" or
-- the development server): a hash of the command tree's JSON. The bot syncs at start only
-- when the hash changed (Discord limits how many commands may be created a day);
-- `python -m bot sync` syncs regardless.
CREATE TABLE command_sync (
    scope TEXT PRIMARY KEY,
    digest TEXT NOT NULL,
    synced_at TEXT NOT NULL
);
