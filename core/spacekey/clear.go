package spacekey

// inTheClear are the collections whose bodies a private space keeps in the
// clear (03 §8.2): proof every peer must check, the access history among
// them, so a peer holding no secret replays it as a member does.
var inTheClear = map[string]bool{
	"sys.role": true, "sys.assign": true, "sys.remove": true, "sys.invite": true,
	"sys.revoke": true, "sys.key": true, "sys.box": true, "sys.memberkey": true,
	"sys.relays": true, "sys.keepers": true, "sys.fork": true, "sys.stepdown": true,
	"sys.succeed": true,
}

// InTheClear reports whether a private space keeps a collection's bodies in
// the clear (03 §8.2). Every other collection is encrypted: application
// records, sys.collection definitions, sys.profile and the registry's own.
func InTheClear(collection string) bool { return inTheClear[collection] }

// Encrypted reports whether a version in this collection of a private space
// carries an encrypted body. A delete carries no body at all (03 §8.2).
func Encrypted(collection string, deleted bool) bool {
	return !deleted && !InTheClear(collection)
}
