//go:build !unix

package instance

// checkPrivate: on Windows the directory is under the user's own profile.
func checkPrivate(dir string) error { return nil }
