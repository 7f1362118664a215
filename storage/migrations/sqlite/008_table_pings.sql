-- The live turn ping of each open table (its channel message id), so that a restarted bot
-- deletes it before pinging again: a channel never holds two pings for one table.
CREATE TABLE table_pings (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL
);
