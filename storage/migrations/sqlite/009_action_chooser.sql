-- Who chose each logged action: 1 when a computer player did (a computer seat, or a
-- person's turn played for him after a timeout or while a computer holds his seat), 0 when
-- a person did. A post-game review lists only a person's own decisions. Actions logged
-- before this say 0.
ALTER TABLE table_actions ADD COLUMN by_computer INTEGER NOT NULL DEFAULT 0;
