package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestInterruptWhileWaitingOnAPipe: verify, events and analyze given a
// named pipe that no one writes to stop when interrupted (their context
// cancelled, as SIGINT and SIGTERM do), with the exit status of an
// interruption.
func TestInterruptWhileWaitingOnAPipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes:", err)
	}
	for _, args := range [][]string{{"verify", fifo}, {"events", fifo}, {"analyze", "-o", filepath.Join(dir, "out"), fifo}} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		var so, se bytes.Buffer
		go func() {
			done <- run(ctx, args, nil, &so, &se)
		}()
		time.Sleep(100 * time.Millisecond)
		cancel()
		select {
		case code := <-done:
			if code != exitInterrupted {
				t.Errorf("%s: exit %d, want %d: %s", args[0], code, exitInterrupted, se.String())
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%s: not stopped by the interruption", args[0])
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.Close()
			}
			<-done
		}
	}
}
