-- Where a table lives (issue 45): 'channel', a server channel the bot posts and edits in
-- (every table until now), or 'interactions', a DM or group DM the bot cannot reach by
-- its token, where the table is the /play answer and is updated only through the
-- interactions people make on it. Such a table's guild_id is its channel's id: its
-- ratings and results are the friends' own, never mixed with a server's.
ALTER TABLE tables ADD COLUMN home TEXT NOT NULL DEFAULT 'channel'
    CHECK (home IN ('channel', 'interactions'));
