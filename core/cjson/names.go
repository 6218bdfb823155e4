package cjson

// maxCommonName is the length of the longest name commonName knows.
const maxCommonName = 10

// commonName gives the one copy of a member name of 02's versions and 05's
// sync messages, so that Parse does not allocate it again for every object
// (ok false: another name). The switch on string(b) allocates nothing.
func commonName(b []byte) (string, bool) {
	switch string(b) {
	case "id":
		return "id", true
	case "author":
		return "author", true
	case "collection":
		return "collection", true
	case "space":
		return "space", true
	case "createdAt":
		return "createdAt", true
	case "key":
		return "key", true
	case "seq":
		return "seq", true
	case "prev":
		return "prev", true
	case "genesis":
		return "genesis", true
	case "log":
		return "log", true
	case "n":
		return "n", true
	case "seen":
		return "seen", true
	case "proof":
		return "proof", true
	case "bodyHash":
		return "bodyHash", true
	case "body":
		return "body", true
	case "retain":
		return "retain", true
	case "deleted":
		return "deleted", true
	case "links":
		return "links", true
	case "rel":
		return "rel", true
	case "to":
		return "to", true
	case "tags":
		return "tags", true
	case "files":
		return "files", true
	case "signature":
		return "signature", true
	case "v":
		return "v", true
	case "type":
		return "type", true
	case "versions":
		return "versions", true
	case "version":
		return "version", true
	case "ids":
		return "ids", true
	}
	return "", false
}
