// Package instance keeps one Minca window per account profile and hands
// links to it, and one process per profile in the other roles (role.go).
//
// The first window of a profile calls Listen: it takes the profile's lock
// (an flock on <dir>/<profile>-<tag>.window.lock) and serves a unix socket
// beside it (<dir>/<profile>-<tag>.window.sock, 0600, in a 0700
// directory, by default $XDG_RUNTIME_DIR/minca, which node/localapi's
// <profile>-<tag>.sock shares). The tag is a hash of the profile's
// directory (Path): every home of the user shares the runtime directory,
// and each home's profile is an instance of its own. A later `minca minca:…` launch — what the
// desktop runs when someone opens a minca: link — calls HandOff: it reads
// and checks the link (ParseLink), gives it to the running instance, which
// calls Config.OnLink with it, and exits. A later plain launch calls
// Activate, and the running one raises its window (Config.OnActivate).
// An instance that shows no window (`minca ui`, Config.Windowless) makes
// way for a plain launch instead, and for a link launch while nothing
// shows its links (Config.ShowsLinks): it lets go of the lock and socket
// and answers so, and the launch becomes the instance and opens its
// window (yield.go); links then go to that window.
//
// The wire is one JSON line each way: {"v":1,"kind":"link","link":…} or
// {"v":1,"kind":"activate"}, answered {"ok":true}, {"yield":true} or
// {"error":…}. The
// receiver checks every link again: the socket is private to the user,
// but the link came from outside.
//
// Hold keeps other roles to one process per profile the same way (an
// flock on <dir>/<profile>-<tag>.<role>.lock, which holds the holder's pid):
// RoleTray, one tray; RoleNotify, the one process of the session (window
// or tray) that shows join notifications. Holder says who holds a role.
package instance
