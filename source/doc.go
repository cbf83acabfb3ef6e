// Package source reads inputs, whatever their compression or container,
// into plain streams. It knows bytes, not game logs: cutting a stream into
// games is package parser's job, reading a listing package archive's.
//
// Walk turns the paths a user gives (files, directories walked recursively,
// symbolic links, "-" for standard input) into a deterministic sequence of
// Streams; WalkReader does the same for one reader given with a name (bytes
// in memory, a file already open). Everything is recognised by content,
// never by file name:
//
//   - compression by its magic bytes: gzip, zstd and bzip2;
//   - archives: zip ("PK\x03\x04", or "PK\x05\x06" when empty) and tar (a
//     512-byte header whose checksum is right, which covers ustar, GNU and
//     old-style tar);
//   - any nesting of these, to Options.MaxDepth levels: a .tar.gz is a gzip
//     stream holding a tar; a member of an archive may itself be compressed
//     or an archive;
//   - text in UTF-16 with a byte order mark (what Windows PowerShell's ">"
//     writes), delivered as UTF-8 with a warning (Stream.Warnings); its
//     offsets are then those of the UTF-8 form, and its size unknown.
//
// What remains is a plain stream, handed to the caller's function with its
// path (members named after their archive, "logs.zip!2016/a.xml"; CP932
// zip names decoded; names that are not UTF-8 escaped) and what is known of
// its size; or, for an input that cannot be read, a Stream with the error.
//
// The walk streams: a tar is read one member at a time, a compressed stream
// is decompressed as it is read, and a zip, which needs random access, is
// read in place when it is a file, a reader that can be read at an offset,
// or a stored member of a zip that is, and is otherwise copied to a
// temporary file that is removed as soon as it has been read (or, when the
// process was killed first, by the next walk). A Stream is read through a
// window of bounded size (see Stream), so a reader of games holds one game
// at a time, whatever the size of the file. Limits on the window, the
// number of archive entries, the nesting depth, what decompression may give
// under one input and the size of a spooled zip make untrusted inputs safe
// to walk; a zip whose entries overlap (a zip bomb) is refused.
//
// The package starts no goroutines: the walk, and the decompressors, run in
// the caller's goroutine. Only the cancellation of a walk (Options.Context)
// runs a function in a goroutine of its own, which wakes a walk that waits
// on a pipe or a terminal.
package source
