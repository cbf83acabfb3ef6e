package tenhou

import (
	"os"
	"regexp"
	"testing"

	"github.com/haifu/haifu/event"
)

func BenchmarkTmpElems(b *testing.B) {
	data, _ := os.ReadFile("../../../shared/corpus/mjlog/dnov__bug1.xml")
	for _, name := range []string{"INIT", "N", "REACH", "AGARI"} {
		re := regexp.MustCompile(`<` + name + ` [^>]*>`)
		init := re.FindAll(data, -1)
		first := regexp.MustCompile(`<INIT [^>]*>`).Find(data)
		doc := []byte(`<mjloggm ver="2.3"><GO type="169" lobby="0"/><TAIKYOKU oya="0"/>`)
		doc = append(doc, first...)
		n := 0
		for len(doc) < 20000 {
			for _, x := range init {
				doc = append(doc, x...)
				n++
			}
		}
		doc = append(doc, "</mjloggm>"...)
		b.Run(name, func(b *testing.B) {
			var d Decoder
			var g event.Game
			for b.Loop() {
				_ = d.Decode(doc, "", &g)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/elem")
		})
	}
}
