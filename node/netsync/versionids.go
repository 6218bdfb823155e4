package netsync

// versionIDs are the ids of the entries of a versions message (05 §4), read
// in one pass without decoding the versions, as memberLen reads (count.go):
// each entry of the array that is member "versions" of the object msg that
// is an object with a string member "id" gives it, as written (version ids
// need no escapes). An entry without one gives nothing; text that breaks
// off ends the list where it broke. Used to take arriving versions out of
// what is still to come (coming.go).
func versionIDs(msg []byte) []string {
	var ids []string
	eachMember(msg, 0, func(key []byte, i int) {
		if string(key) != "versions" || i >= len(msg) || msg[i] != '[' {
			return
		}
		ids = ids[:0]
		for i = skipSpace(msg, i+1); i < len(msg) && msg[i] != ']'; {
			if msg[i] == '{' {
				eachMember(msg, i, func(k []byte, j int) {
					if string(k) == "id" && j < len(msg) && msg[j] == '"' {
						if end := skipString(msg, j); end > 0 {
							ids = append(ids, string(msg[j+1:end-1]))
						}
					}
				})
			}
			if i = skipValue(msg, i); i < 0 {
				return
			}
			if i = skipSpace(msg, i); i < len(msg) && msg[i] == ',' {
				i = skipSpace(msg, i+1)
			}
		}
	})
	return ids
}

// eachMember calls fn with each key of the object at msg[i] and the index
// of its value, until the object ends or its text breaks off.
func eachMember(msg []byte, i int, fn func(key []byte, at int)) {
	i = skipSpace(msg, i)
	if i >= len(msg) || msg[i] != '{' {
		return
	}
	for i = skipSpace(msg, i+1); i < len(msg) && msg[i] == '"'; {
		end := skipString(msg, i)
		if end < 0 {
			return
		}
		key := msg[i+1 : end-1]
		if i = skipSpace(msg, end); i >= len(msg) || msg[i] != ':' {
			return
		}
		i = skipSpace(msg, i+1)
		fn(key, i)
		if i = skipValue(msg, i); i < 0 {
			return
		}
		if i = skipSpace(msg, i); i < len(msg) && msg[i] == ',' {
			i = skipSpace(msg, i+1)
		}
	}
}
