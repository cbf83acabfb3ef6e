package wall

// Impl is an implementation of the wall's steps (see impl), for the tests
// that hold the fast paths to the general ones.
type Impl = impl

// The implementations: the fastest this machine runs, the fast paths in
// plain Go (as on a machine without AVX-512), and the general paths.
func ImplFast() Impl    { return impl{} }
func ImplPureGo() Impl  { return impl{noSIMD: true} }
func ImplGeneral() Impl { return impl{general: true} }

// SetImpl makes g compute its walls with im from its next Start.
func (g *Generator) SetImpl(im Impl) { g.im = im }

// SetImpl makes c compute the walls (and read the seeds) with im.
func (c *Checker) SetImpl(im Impl) { c.im = im }

// Rnd returns the rnd words of the last hand Next generated.
func (g *Generator) Rnd() [rndWords]uint32 { return g.rnd }
