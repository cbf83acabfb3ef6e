// Package parser finds game logs and decodes them into haifu's event model,
// whatever their format, compression or container.
//
// Walk turns the paths a user gives (files, directories walked recursively,
// archives, compressed files, "-" for standard input) into a deterministic
// sequence of Inputs, one per log, each holding the log's decompressed bytes
// or the error that kept it from being read. Everything is recognised by
// content, never by file name:
//
//   - compression by its magic bytes: gzip, zstd and bzip2;
//   - archives: zip ("PK\x03\x04", or "PK\x05\x06" when empty) and tar (a
//     512-byte header whose checksum is right, which covers ustar, GNU and
//     old-style tar);
//   - any nesting of these, to Options.MaxDepth levels: a .tar.gz is a gzip
//     stream holding a tar; a member of an archive may itself be compressed
//     or an archive.
//
// Walk streams: a tar is read one member at a time, a compressed stream is
// decompressed as it is read, and a zip, which needs random access, is read
// in place when it is a file (or a stored member of a zip that is) and is
// otherwise copied to a temporary file that is removed as soon as it has
// been read. Limits on the size of one input, the number of archive entries
// and the nesting depth make untrusted archives safe to walk.
//
// Detect names the format of a decompressed log, and a Decoder decodes an
// Input of any supported format into an event.Game. The formats themselves
// live in subpackages (parser/tenhou for Tenhou's mjlog XML); this package
// only dispatches to them.
//
// The package starts no goroutines. Walk runs in its caller's goroutine and a
// Decoder is meant to be owned by one goroutine; a batch job walks in one
// goroutine and decodes in others.
package parser
