package source

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/haifu/haifu/internal/corpus"
)

// BenchmarkWalkCorpus walks the corpus's mjlog directory (3,429 files,
// plain and gzip) and reads every stream whole: MB/s counts the bytes
// read. parser's BenchmarkWalkCorpus adds framing to this.
func BenchmarkWalkCorpus(b *testing.B) {
	dir := filepath.Join(corpus.Dir(b), "mjlog")
	read := func() (size int64) {
		Walk([]string{dir}, Options{}, func(s *Stream) error {
			data, _ := s.ReadAll()
			size += int64(len(data))
			return nil
		})
		return size
	}
	b.SetBytes(read())
	b.ReportAllocs()
	for b.Loop() {
		read()
	}
}

func BenchmarkSniff(b *testing.B) {
	head := []byte(strings.Repeat(`<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar-sha512-n288-base64,lFMmGcbZlPIA4aX6lkjp3mwX6V6oRlMZPzgS" ref=""/>`+
		`<GO type="169" lobby="0"/><UN n0="%E3%81%82" n1="%E3%81%84" n2="%E3%81%86" n3="%E3%81%88" dan="16,16,16,16" `+
		`rate="2000.00,2000.00,2000.00,2000.00" sx="M,M,M,M"/><TAIKYOKU oya="0"/><INIT seed="0,0,0,1,2,60" ten="250,250,250,250" `+
		`oya="0" hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" hai2="2,6,10,14,18,22,26,30,34,38,42,46,50"/>`, 2))[:512]
	b.ReportAllocs()
	for b.Loop() {
		if sniff(head) != kindPlain {
			b.Fatal("not plain")
		}
	}
}
