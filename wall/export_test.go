package wall

// UseGeneral makes the seed reader, Generator.Next and the Checker use the
// general paths (see general) when g is true, the fast ones otherwise. It
// returns a function that restores the previous choice.
func UseGeneral(g bool) (restore func()) {
	prev := general
	general = g
	return func() { general = prev }
}

// Rnd returns the rnd words of the last hand Next generated.
func (g *Generator) Rnd() [rndWords]uint32 { return g.rnd }
