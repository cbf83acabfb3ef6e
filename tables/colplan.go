package tables

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// The column-wise writer (colwriter.go) writes a row type's table without
// parquet-go's row writer: it reads each column's values straight out of the
// rows, in one pass per column, and encodes the pages itself. What it needs
// to know of the row type, a colPlan, is derived from the struct and its
// parquet tags once, when the table is created; a type it cannot handle (a
// field of another kind or shape) is written by parquet-go's GenericWriter,
// the general path, instead. The schema, key/value metadata and creator of
// the files are parquet-go's own: the plan takes them from an empty file
// the general path writes for the type with the same options, so that both
// paths write the same schema.

// leafKind is the Go kind of a column's values.
type leafKind uint8

const (
	boolLeaf leafKind = iota
	int32Leaf
	int64Leaf
	float64Leaf
	stringLeaf
)

// leafShape is how a field holds its column's values.
type leafShape uint8

const (
	requiredLeaf leafShape = iota // a value: T
	optionalLeaf                  // a pointer, nil for null: *T
	listLeaf                      // a list: []T, nil or empty for none; with an optional list, nil for null and empty for an empty list
)

// leafSpec is one column of a row type: a field of the struct.
type leafSpec struct {
	path  []string    // the column's path in the schema
	kind  leafKind    // the kind of its values
	shape leafShape   // the field's shape
	off   uintptr     // the field's offset in the struct
	ptype format.Type // the Parquet physical type
	// maxDef is the column's maximum definition level: 0 for a required
	// value, 1 for an optional value or a list, 2 for an optional list
	// (whose definition level 1 is an empty list).
	maxDef byte
}

// colPlan is what the column-wise writer knows of a row type.
type colPlan struct {
	size   uintptr             // the size of a row
	leaves []leafSpec          // the columns, in schema order
	meta   format.FileMetaData // an empty file's metadata: schema, key/value metadata, creator
}

// errNoPlan: the row type has a field the column-wise writer does not
// handle; the general path writes it.
var errNoPlan = errors.New("no column-wise plan")

// newColPlan derives the plan of row type T, for files written with opts.
// It returns an error wrapping errNoPlan when T has a field the column-wise
// writer does not handle.
func newColPlan[T any](opts []parquet.WriterOption) (*colPlan, error) {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%v: %w: not a struct", t, errNoPlan)
	}
	// An empty file written by the general path holds the schema and the
	// rest of the file metadata, as parquet-go writes them.
	var buf bytes.Buffer
	pw := parquet.NewGenericWriter[T](&buf, opts...)
	if err := pw.Close(); err != nil {
		return nil, err
	}
	pf, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		return nil, err
	}
	schema := pf.Schema()
	columns := schema.Columns()
	p := &colPlan{size: t.Size(), meta: *pf.Metadata()}
	p.meta.Schema = append([]format.SchemaElement(nil), p.meta.Schema...)
	p.meta.KeyValueMetadata = append([]format.KeyValue(nil), p.meta.KeyValueMetadata...)
	p.meta.ColumnOrders = append([]format.ColumnOrder(nil), p.meta.ColumnOrders...)
	p.meta.RowGroups, p.meta.NumRows = nil, 0
	for i := range t.NumField() {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("parquet")
		if !f.IsExported() || tag == "-" {
			continue
		}
		if f.Anonymous {
			return nil, fmt.Errorf("%v.%s: %w: embedded", t, f.Name, errNoPlan)
		}
		name, _, _ := strings.Cut(tag, ",")
		if !ok || name == "" {
			name = f.Name
		}
		k := len(p.leaves)
		if k >= len(columns) || columns[k][0] != name {
			return nil, fmt.Errorf("%v.%s: %w: not the schema's column %d", t, f.Name, errNoPlan, k)
		}
		leaf, _ := schema.Lookup(columns[k]...)
		spec, err := leafOf(f, columns[k], leaf)
		if err != nil {
			return nil, fmt.Errorf("%v.%s: %w", t, f.Name, err)
		}
		p.leaves = append(p.leaves, spec)
	}
	if len(p.leaves) != len(columns) {
		return nil, fmt.Errorf("%v: %w: %d fields for %d columns", t, errNoPlan, len(p.leaves), len(columns))
	}
	return p, nil
}

// leafOf describes the column of field f, leaf in the schema at path.
func leafOf(f reflect.StructField, path []string, leaf parquet.LeafColumn) (leafSpec, error) {
	s := leafSpec{path: slices.Clone(path), off: f.Offset}
	t := f.Type
	switch {
	case t.Kind() == reflect.Pointer:
		s.shape, t = optionalLeaf, t.Elem()
	case t.Kind() == reflect.Slice:
		s.shape, t = listLeaf, t.Elem()
	}
	levels := [...][2]int{requiredLeaf: {0, 0}, optionalLeaf: {0, 1}, listLeaf: {1, 1}}[s.shape]
	if s.shape == listLeaf && leaf.MaxDefinitionLevel == 2 {
		levels[1] = 2 // an optional list
	}
	s.maxDef = byte(levels[1])
	if leaf.MaxRepetitionLevel != levels[0] || leaf.MaxDefinitionLevel != levels[1] {
		return s, fmt.Errorf("%w: %v with repetition and definition levels %d, %d", errNoPlan, f.Type, leaf.MaxRepetitionLevel, leaf.MaxDefinitionLevel)
	}
	typ := leaf.Node.Type()
	var want parquet.Kind
	switch t.Kind() {
	case reflect.Bool:
		s.kind, want = boolLeaf, parquet.Boolean
	case reflect.Int32:
		s.kind, want = int32Leaf, parquet.Int32
	case reflect.Int64:
		s.kind, want = int64Leaf, parquet.Int64
	case reflect.Float64:
		s.kind, want = float64Leaf, parquet.Double
	case reflect.String:
		s.kind, want = stringLeaf, parquet.ByteArray
	default:
		return s, fmt.Errorf("%w: %v", errNoPlan, f.Type)
	}
	if typ.Kind() != want || !storedAsIs(typ.LogicalType(), s.kind) {
		return s, fmt.Errorf("%w: %v stored as %v", errNoPlan, f.Type, typ)
	}
	s.ptype = format.Type(want)
	return s, nil
}

// storedAsIs reports whether a column of Go kind k with the logical type lt
// holds the Go values as they are (no conversion on the way).
func storedAsIs(lt *format.LogicalType, k leafKind) bool {
	if lt == nil || lt.Value == nil {
		return true
	}
	switch v := lt.Value.(type) {
	case *format.StringType:
		return k == stringLeaf
	case *format.IntType:
		return v.IsSigned && (k == int32Leaf && v.BitWidth == 32 || k == int64Leaf && v.BitWidth == 64)
	case *format.TimestampType:
		return k == int64Leaf
	}
	return false
}
