//go:build baretray_webkit

package main

/*
#cgo pkg-config: webkit2gtk-4.1
#include <webkit2/webkit2.h>
*/
import "C"

// linkWebKit makes one call into WebKitGTK (which starts nothing), so the
// library is linked as the minca binary links it.
func linkWebKit() { _ = C.webkit_get_major_version() }
