// Package archive reads Tenhou's archive listings into index records and
// downloads the logs they list.
package archive
