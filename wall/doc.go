// Package wall rebuilds Tenhou's walls from the seeds its logs record and
// checks every hand of a decoded game against them (verification level 5).
package wall
