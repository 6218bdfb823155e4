-- 0001: the node's own settings, one row per setting.
CREATE TABLE settings (
    key   TEXT NOT NULL PRIMARY KEY, -- setting name (the table goes in 0002)
    value TEXT NOT NULL              -- its value, as text
) STRICT;
