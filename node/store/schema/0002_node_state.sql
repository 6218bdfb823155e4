-- 0002: the embedded node's own state (node/runtime): one row of settings,
-- and one row per space the node holds. Written whole, in one transaction
-- (nodestate.go). The loose settings of 0001 were never used by the node
-- that runs: they go.
DROP TABLE settings;

CREATE TABLE node_state (
    id             INTEGER NOT NULL PRIMARY KEY CHECK (id = 1), -- the one row
    folder         TEXT    NOT NULL, -- data folder chosen; '' = the default (05 §14)
    account_id     TEXT    NOT NULL, -- the account's id in the data folder's vault; '' = none yet
    did            TEXT    NOT NULL, -- the account's DID
    profile_name   TEXT    NOT NULL, -- the account's profile name
    key_store      TEXT    NOT NULL, -- what keeps the account's keys here (keychain, passphrase)
    node_id        TEXT    NOT NULL, -- public, random: names this node's key on the wire
    network_mode   TEXT    NOT NULL, -- whether others may connect; '' = off
    network_port   INTEGER NOT NULL CHECK (network_port BETWEEN 0 AND 65535), -- 0 = none chosen yet
    paused         INTEGER NOT NULL CHECK (paused IN (0, 1)),         -- sync paused until resumed
    code_unchecked INTEGER NOT NULL CHECK (code_unchecked IN (0, 1))  -- the recovery code is not checked yet
) STRICT;

CREATE TABLE held_spaces (
    id       TEXT    NOT NULL PRIMARY KEY,  -- the space id
    position INTEGER NOT NULL UNIQUE,       -- its place in the node's list
    state    TEXT    NOT NULL CHECK (json_valid(state)) -- a JSON object: constitution, sealed keys, nodes, sealed invite links, a pending join
) STRICT;
