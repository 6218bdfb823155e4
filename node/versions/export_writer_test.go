package versions

// HoldWriter takes the writing connection as a landing does, until
// release is called.
func (s *SQLite) HoldWriter() (release func()) {
	s.idle.mu.Lock()
	return s.idle.mu.Unlock
}
