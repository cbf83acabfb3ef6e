package archive

import (
	"errors"
	"strconv"
)

// The tests read a listing whole: readIndex collects what Read yields into
// an index, and the errors into an errorList.

// readIndex reads one listing file (see Read) and returns all its records.
// The error, when not nil, is an errorList of the lines (or the file) that
// could not be read; the records of the other lines are returned with it.
func readIndex(name string, data []byte) (*listingIndex, error) {
	ix := &listingIndex{}
	var errs errorList
	for r, err := range Read(name, data) {
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				e = &Error{File: name, Err: err}
			}
			errs = append(errs, e)
			continue
		}
		switch r := r.(type) {
		case *Game:
			ix.Games = append(ix.Games, *r)
		case *File:
			ix.Files = append(ix.Files, *r)
		}
	}
	return ix, errs.Err()
}

// listingIndex holds every record of one or more listing files.
type listingIndex struct {
	// Games are the games, in the order read.
	Games []Game
	// Files are the files the raw/ page and file indexes point to.
	Files []File
}

// ids returns the distinct log ids of the index's games in the order they
// first appear, each in its plain form (Game.ID.ID), so that an id written
// both ways is listed once.
func (ix *listingIndex) ids() []string {
	seen := make(map[string]bool, len(ix.Games))
	var out []string
	for i := range ix.Games {
		s := ix.Games[i].ID.ID
		if s == "" {
			continue
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// errorList is the errors of a readIndex, in the order met.
type errorList []*Error

// Error returns the first error and how many more there are.
func (l errorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return l[0].Error() + " (and " + strconv.Itoa(len(l)-1) + " more errors)"
}

// Unwrap returns the errors, for errors.Is and errors.As.
func (l errorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Err returns nil for an empty list, else the list.
func (l errorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
