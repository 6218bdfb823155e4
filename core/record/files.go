package record

// TakenFiles reads a version's files as every reader does (05 §16.6): none
// on a delete; otherwise entries in order, skipping any that is not an
// object with hash (64 lower-case hex) and size (integer 1 … 2^31) or that
// repeats a hash already taken, until 16. Other members are ignored.
func TakenFiles(v *Version) []File {
	list, ok := v.Files.([]any)
	if v.Deleted || !v.HasFiles || !ok {
		return nil
	}
	var out []File
	seen := map[string]bool{}
	for _, x := range list {
		if len(out) == MaxFilesTaken {
			break
		}
		m, ok := x.(map[string]any)
		if !ok {
			continue
		}
		hash, okH := m["hash"].(string)
		size, okS := m["size"].(float64)
		if !okH || !okS || !fileHashPattern.MatchString(hash) || seen[hash] ||
			size < 1 || size > MaxFileSize || !isSafeInt(size) {
			continue
		}
		seen[hash] = true
		out = append(out, File{Hash: hash, Size: int64(size)})
	}
	return out
}
