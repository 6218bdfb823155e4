package record

// Version is one signed version of a record (§3.1), as a Go value. Members
// absent on the wire are zero here: "" for strings, nil for Seen, Proof,
// Links, Tags and Log, HasBody/HasFiles false. Parse fills it from the wire
// form and checks every rule; Marshal writes it back.
type Version struct {
	ID         string
	Author     string
	Collection string
	// Space is "" only on a loose version (§3.5).
	Space     string
	CreatedAt string
	Key       string
	Seq       int64
	// Prev and Genesis name the version replaced and the record's first
	// version; both "" when Seq is 0 (§4.2).
	Prev    string
	Genesis string
	// Log is the version's place in its author's line (§4.10); nil on a loose version.
	Log *Log
	// Seen is nil when absent; a non-nil empty slice is written "seen":[].
	Seen []string
	// Proof is the note (01 §7) as a JSON object, nil when absent.
	Proof    map[string]any
	BodyHash string
	// Body is any JSON value (as core/cjson parses it); HasBody says whether
	// the member is present, since a delete may carry "body":null.
	Body    any
	HasBody bool
	Retain  bool
	Deleted bool
	Links   []Link
	Tags    []string
	// Files is the files member exactly as received (05 §16.6 never refuses
	// for it); TakenFiles reads it.
	Files     any
	HasFiles  bool
	Signature string
	// Unknown holds every member this package does not know, kept and signed
	// unchanged (§3.1).
	Unknown map[string]any
	// checked is what VerifyCached checked of this version; a version it
	// checked is not to be changed in place (a copy is free to change).
	checked *checked
	// shaped is the version itself when Parse checked its shape; a copy
	// (*v) points at another and is checked again (CheckedShape).
	shaped *Version
}

// Log is a version's place in its author's line for its collection (§4.10).
type Log struct {
	N int64
	// Prev names the author's version at place N−1; "" when N is 0.
	Prev string
}

// Link says the version's record is about the record at key To (§5).
type Link struct {
	Rel string
	To  string
}

// File is one files entry a reader takes (05 §16.6).
type File struct {
	Hash string // 64 lower-case hex
	Size int64  // 1 … 2^31
}

// IsLoose reports whether v belongs to no space (§3.5).
func (v *Version) IsLoose() bool { return v.Space == "" }

// IsStub reports whether v is kept without its body (§4.5). A delete carries
// no body to keep, so it is never a stub.
func (v *Version) IsStub() bool { return !v.HasBody && !v.Deleted }

// FirstID is the id of the record's first version as v's chain names it:
// Genesis, or v's own id for a first version (§4.2).
func (v *Version) FirstID() string {
	if v.Seq == 0 {
		return v.ID
	}
	return v.Genesis
}

// Stub returns v without its body (§4.5). Its id and signature still verify.
func (v *Version) Stub() *Version {
	s := v.clone()
	s.Body, s.HasBody = nil, false
	return s
}

// clone copies v deeply enough that changing the copy's members (not the
// JSON values inside Body, Proof, Files or Unknown) leaves v alone.
func (v *Version) clone() *Version {
	c := *v
	if v.Log != nil {
		l := *v.Log
		c.Log = &l
	}
	c.Seen = cloneStrings(v.Seen)
	c.Tags = cloneStrings(v.Tags)
	if v.Links != nil {
		c.Links = append([]Link{}, v.Links...)
	}
	return &c
}

func cloneStrings(s []string) []string {
	if s == nil {
		return nil
	}
	return append([]string{}, s...)
}
