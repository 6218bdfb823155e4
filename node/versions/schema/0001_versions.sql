-- 0001: a space's store of versions (05 §10). How the entries of 05 §10
-- map onto these tables is in node/versions/doc.go.

-- Every version kept, whole or as a stub; each row is also the version's
-- i/<collection>/<time>/<id> entry.
CREATE TABLE versions (
    id         TEXT    NOT NULL PRIMARY KEY,                  -- the version id (02 §3.3): "b" and 52 base32 characters
    item       BLOB    NOT NULL CHECK (length(item) = 32),    -- i/: the item id, the SHA-256 digest the id names (05 §2)
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

-- The item set of a collection in the order of 05 §2, read without the table.
CREATE INDEX versions_items ON versions (collection, time, item);

-- r/<key> and g/<key>: one row per record key with either entry set.
CREATE TABLE records (
    key     TEXT NOT NULL PRIMARY KEY, -- the record key (02 §4.1)
    current TEXT,                      -- r/<key>: the current version's id; NULL when unset
    first   TEXT                       -- g/<key>: the lowest-id first version once demoted; NULL when unset
) STRICT;

-- h/<key>/<seq>/<id>: a retained version that was demoted.
CREATE TABLE retained (
    key TEXT    NOT NULL, -- the record key
    seq INTEGER NOT NULL, -- the version's seq
    id  TEXT    NOT NULL, -- the version's id
    PRIMARY KEY (key, seq, id)
) STRICT, WITHOUT ROWID;

-- The running sum of each collection's item ids (05 §3.3, §10).
CREATE TABLE sums (
    collection TEXT    NOT NULL PRIMARY KEY,            -- the collection
    sum        BLOB    NOT NULL CHECK (length(sum) = 32), -- the ids summed mod 2^256, 32 bytes little-endian
    count      INTEGER NOT NULL CHECK (count > 0)       -- how many items
) STRICT;

-- A change counter: every write that changes the store adds one, so a
-- handle that keeps anything in memory can tell that another handle or
-- process changed the store (05 §10.2).
CREATE TABLE generation (
    one INTEGER NOT NULL PRIMARY KEY CHECK (one = 1), -- the only row
    n   INTEGER NOT NULL                              -- changes so far
) STRICT;
INSERT INTO generation (one, n) VALUES (1, 0);
