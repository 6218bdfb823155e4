// Package folder is the data folder of 05 §14: the layout (§14.1), the file
// name encoding (§14.2), atomic writes through .tmp names (§14.3), path safety
// (§14.4) and the older-layout rule (§14.8).
//
// A data folder is shared with other clients and file-sync services, so every
// name read from it is untrusted: Root never follows or lists a symbolic link
// (each path segment is checked with Lstat before it is used, and files are
// opened with O_NOFOLLOW), refuses the segments "", ".", "..", and any
// containing "/", "\" or NUL, and never resolves a path outside the folder.
//
// The older layouts of 05 §14.8 (a file per entry under spaces/<space id>/kv,
// a file per version under versions/) are never read: node/segments reads
// only <store writer id>/<segment name> keys under a space, and node/registry
// only registry/kv. CheckOutside keeps a client's own stores out of the
// folder (05 §14.5).
//
// Choices where 05 is silent:
//   - A directory that is a symbolic link is treated as absent (reads) and
//     refused (writes: ErrUnsafe); listing skips links and counts them.
//   - Writes go to "<name>.<random>.tmp" in the same directory, are fsynced,
//     then renamed into place; a failed write removes its .tmp file.
//   - Directories are created 0700, files 0600: a folder holds account files.
//   - Reads are capped at MaxFileSize (64 MiB) so a planted file cannot
//     exhaust memory.
package folder
