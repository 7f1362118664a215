-- The live turn ping of each open table; see sqlite/008_table_pings.sql.
CREATE TABLE table_pings (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    message_id BIGINT NOT NULL
);
