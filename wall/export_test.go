package wall

// UseGeneral makes Generator.Next use the general paths (crypto/sha512,
// the hardware division) when general is true, the fastest this machine
// runs otherwise. It returns a function that restores the previous choice.
func UseGeneral(general bool) (restore func()) {
	prev := hashWith
	hashWith = bestHash()
	if general {
		hashWith = hashGeneric
	}
	return func() { hashWith = prev }
}

// Rnd returns the rnd words of the last hand Next generated.
func (g *Generator) Rnd() [rndWords]uint32 { return g.rnd }
