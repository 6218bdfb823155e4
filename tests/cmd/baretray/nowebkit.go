//go:build !baretray_webkit

package main

// linkWebKit: this build does not link WebKitGTK.
func linkWebKit() {}
