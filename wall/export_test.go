package wall

// UseGeneral makes Generator.Next use the general paths (the reference
// MT19937 loops, crypto/sha512, the hardware division) when general is
// true, the fastest this machine runs otherwise. It returns a function
// that restores the previous choice.
func UseGeneral(g bool) (restore func()) {
	prev := general
	general = g
	return func() { general = prev }
}

// Rnd returns the rnd words of the last hand Next generated.
func (g *Generator) Rnd() [rndWords]uint32 { return g.rnd }
