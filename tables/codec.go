package tables

import (
	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/format"
)

// zstdCodec is the Parquet zstd codec of the tables (a Writer's six, and
// an ArchiveWriter's archive): one encoder with a small window, shared by a
// Writer's tables, instead of a pool of default encoders per table, each
// with megabytes of history. Pages are at most a few hundred kilobytes,
// so a larger window would find nothing more.
type zstdCodec struct {
	enc *zstd.Encoder
}

func newZstdCodec() (*zstdCodec, error) {
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.SpeedFastest),
		zstd.WithEncoderConcurrency(1),
		zstd.WithLowerEncoderMem(true),
		zstd.WithWindowSize(1<<20),
		zstd.WithZeroFrames(true),
		zstd.WithEncoderCRC(false),
	)
	if err != nil {
		return nil, err
	}
	return &zstdCodec{enc: enc}, nil
}

func (c *zstdCodec) String() string { return "ZSTD" }

func (c *zstdCodec) CompressionCodec() format.CompressionCodec { return format.Zstd }

// Encode compresses src; EncodeAll is safe for concurrent use.
func (c *zstdCodec) Encode(dst, src []byte) ([]byte, error) {
	return c.enc.EncodeAll(src, dst[:0]), nil
}

// Decode is not used: the tables are read back with parquet-go's own codec.
func (c *zstdCodec) Decode(dst, src []byte) ([]byte, error) {
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	return dec.DecodeAll(src, dst[:0])
}
