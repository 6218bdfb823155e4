package vault

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sort"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/node/folder"
)

// AccountsVersion is accounts.json's version (01 §13).
const AccountsVersion = 1

// ErrFormat: a file that is not the format it should be.
var ErrFormat = errors.New("vault: not the expected format")

// Summary is one row of accounts.json (01 §13).
type Summary struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	DID        string `json:"did"`
	CreatedAt  string `json:"createdAt"`
	DataPath   string `json:"dataPath"`
	LastUsedAt string `json:"lastUsedAt,omitempty"`
}

func (s Summary) used() string {
	if s.LastUsedAt != "" {
		return s.LastUsedAt
	}
	return s.CreatedAt
}

// ParseAccounts reads accounts.json. Rows with any other id or dataPath
// (05 §14.1), or otherwise malformed, are skipped and counted; the rest come
// most recently used first, one per DID.
func ParseAccounts(b []byte) (rows []Summary, skipped int, err error) {
	val, err := cjson.Parse(b)
	if err != nil {
		return nil, 0, fmt.Errorf("accounts.json: %w: %w", ErrFormat, err)
	}
	obj, ok := val.(map[string]any)
	if !ok || obj["version"] != float64(AccountsVersion) {
		return nil, 0, fmt.Errorf("accounts.json: %w: version is not 1", ErrFormat)
	}
	list, ok := obj["accounts"].([]any)
	if !ok {
		return nil, 0, fmt.Errorf("accounts.json: %w: no accounts array", ErrFormat)
	}
	byDID := map[string]Summary{}
	for _, r := range list {
		s, ok := parseRow(r)
		if !ok {
			skipped++
			continue
		}
		if old, dup := byDID[s.DID]; dup {
			skipped++
			if old.used() >= s.used() {
				continue
			}
		}
		byDID[s.DID] = s
	}
	for _, s := range byDID {
		rows = append(rows, s)
	}
	sortRows(rows)
	return rows, skipped, nil
}

func sortRows(rows []Summary) {
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].used() != rows[j].used() {
			return rows[i].used() > rows[j].used()
		}
		return rows[i].ID < rows[j].ID
	})
}

func parseRow(r any) (Summary, bool) {
	m, ok := r.(map[string]any)
	if !ok {
		return Summary{}, false
	}
	str := func(k string) string { s, _ := m[k].(string); return s }
	s := Summary{ID: str("id"), Name: str("name"), DID: str("did"), CreatedAt: str("createdAt"),
		DataPath: str("dataPath"), LastUsedAt: str("lastUsedAt")}
	if !folder.ValidAccountID(s.ID) || s.DataPath != folder.DataPath(s.ID) || !identity.IsDID(s.DID) {
		return Summary{}, false
	}
	return s, true
}

// ReadAccounts reads the folder's account list; none when the file is absent.
func ReadAccounts(root *folder.Root) (rows []Summary, skipped int, err error) {
	b, err := root.ReadFile(folder.AccountsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	return ParseAccounts(b)
}

// marshalPretty writes JSON with two-space indents and a trailing newline
// (01 §13).
func marshalPretty(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// PutAccount writes row into accounts.json, replacing any row with the same
// id or the same DID (01 §13). The row's dataPath is set to the only one
// allowed. Rows that were skipped on reading are not written back.
func PutAccount(root *folder.Root, row Summary) error {
	if !folder.ValidAccountID(row.ID) || !identity.IsDID(row.DID) {
		return fmt.Errorf("put account %q: %w", row.ID, ErrFormat)
	}
	row.DataPath = folder.DataPath(row.ID)
	rows, _, err := ReadAccounts(root)
	if err != nil && !errors.Is(err, ErrFormat) {
		return err
	}
	out := []Summary{row}
	for _, r := range rows {
		if r.ID != row.ID && r.DID != row.DID {
			out = append(out, r)
		}
	}
	sortRows(out)
	b, err := marshalPretty(map[string]any{"version": AccountsVersion, "accounts": out})
	if err != nil {
		return err
	}
	return root.WriteFile(b, folder.AccountsFile)
}
