package record

import "fmt"

// CheckLoose checks that v is a well-formed loose version (§3.5) of the
// collection the caller expects (today only sys.invitation, 03 §7.4): no
// space, seen or log, seq 0, and its signature and body verify. Its note,
// valid at its createdAt, is the caller's to check (NoteChecker).
func CheckLoose(v *Version, collection string) error {
	if !v.IsLoose() {
		return fmt.Errorf("%w: it names space %s", ErrLoose, v.Space)
	}
	if v.Collection != collection {
		return fmt.Errorf("%w: collection %s, expected %s", ErrLoose, v.Collection, collection)
	}
	if err := CheckShape(v); err != nil {
		return fmt.Errorf("%w: %w", ErrLoose, err)
	}
	if v.Deleted || !v.HasBody {
		return fmt.Errorf("%w: it must carry its body", ErrLoose)
	}
	return Verify(v)
}

// ParseLoose parses and checks a loose version of the expected collection.
func ParseLoose(val any, collection string) (*Version, error) {
	v, err := Parse(val)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrLoose, err)
	}
	if err := CheckLoose(v, collection); err != nil {
		return nil, err
	}
	return v, nil
}
