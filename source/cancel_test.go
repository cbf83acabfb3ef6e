package source

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// walkCancelled walks paths with a context cancelled after 100 ms, and
// fails unless the walk returns context.Canceled within 5 s. unblock lets
// a walk that does not return finish, so that the test ends.
func walkCancelled(t *testing.T, paths []string, opt Options, unblock func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	opt.Context = ctx
	done := make(chan error, 1)
	go func() {
		done <- Walk(paths, opt, func(s *Stream) error {
			if s.Err == nil {
				s.ReadAll()
			}
			return nil
		})
	}()
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Walk returned %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("Walk did not return when its context was cancelled")
		unblock()
		<-done
	}
}

// TestCancelWaitingOnAPipe: a walk that waits for a writer to open a named
// pipe, or for bytes from a pipe whose writer writes nothing, returns when
// its context is cancelled.
func TestCancelWaitingOnAPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	writer := func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
	}
	t.Run("no writer", func(t *testing.T) {
		walkCancelled(t, []string{fifo}, Options{}, writer)
	})
	t.Run("a writer that writes nothing", func(t *testing.T) {
		w := make(chan *os.File, 1)
		go func() {
			f, _ := os.OpenFile(fifo, os.O_WRONLY, 0) // waits for the walk
			w <- f
		}()
		walkCancelled(t, []string{fifo}, Options{}, func() { (<-w).Close() })
		select {
		case f := <-w:
			f.Close()
		case <-time.After(time.Second):
		}
	})
	t.Run("standard input, a pipe", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		defer w.Close()
		walkCancelled(t, []string{"-"}, Options{Stdin: r}, func() { w.Close() })
	})
}
