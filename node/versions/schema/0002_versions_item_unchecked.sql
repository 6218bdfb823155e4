-- 0002: versions without the CHECK on the item's length. A CHECK that
-- calls a function (length) makes SQLite keep every statement that writes
-- several rows undoable on its own: each page the statement changes is
-- copied to a statement journal first, about a tenth of a landing's CPU
-- (docs/PERFORMANCE.md, session 7). The writer makes the item from the id,
-- 32 bytes by its type, and a reader refuses any other length (ErrCorrupt).
-- The rows, their rowids and the item index are as before.

CREATE TABLE versions_0002 (
    id         TEXT    NOT NULL PRIMARY KEY,                  -- the version id (02 §3.3): "b" and 52 base32 characters
    item       BLOB    NOT NULL,                              -- i/: the item id, the SHA-256 digest the id names (05 §2): 32 bytes
    collection TEXT    NOT NULL,                              -- i/: the version's collection
    time       INTEGER NOT NULL CHECK (time BETWEEN 0 AND 9007199254740991), -- i/: the item timestamp of createdAt (05 §2), a safe integer
    key        TEXT    NOT NULL,                              -- the record key (02 §4.1)
    seq        INTEGER NOT NULL CHECK (seq BETWEEN 0 AND 9007199254740991), -- seq (02 §4.2), for the ordering rule
    created_at TEXT    NOT NULL,                              -- createdAt as written, to tell a conflicting copy apart
    retain     INTEGER NOT NULL CHECK (retain IN (0, 1)),     -- 1 when the version carries retain (02 §4.5)
    deleted    INTEGER NOT NULL CHECK (deleted IN (0, 1)),    -- 1 when the version is a delete
    stub       BLOB    NOT NULL,                              -- canonical JSON of the version without its body (02 §4.5)
    body       BLOB                                           -- canonical JSON of the body when kept whole; NULL for a stub
) STRICT;

INSERT INTO versions_0002 (rowid, id, item, collection, time, key, seq, created_at, retain, deleted, stub, body)
    SELECT rowid, id, item, collection, time, key, seq, created_at, retain, deleted, stub, body FROM versions ORDER BY rowid;
DROP TABLE versions;
ALTER TABLE versions_0002 RENAME TO versions;

-- The item set of a collection in the order of 05 §2, read without the table.
CREATE INDEX versions_items ON versions (collection, time, item);
