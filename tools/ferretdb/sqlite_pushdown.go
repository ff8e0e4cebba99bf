// Added by tools/src/ferretdb.ts to its copy of FerretDB v1.24.2 before it builds it: see
// docs/decisions.md, "The local database: FerretDB built from source, with our changes" (Lookups answered from the indexes).

package sqlite

import (
	"errors"
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// plainField is a top-level field name that can be written into a JSON path label as it is.
var plainField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// maxInValues bounds the values of one pushed-down $in (SQLite's limit on variables is 32766).
const maxInValues = 1000

// pushdownWhere turns the filter's top-level equalities and $in on strings, booleans and ObjectIDs
// into a WHERE clause of `_ferretdb_sjson->'field'` terms, the expression the collection's indexes
// are built on, so SQLite answers them from an index instead of a pass over every record.
//
// The clause selects a superset of the matching documents (the handler filters every document again):
// a value that is an array is always selected, since MongoDB's equality also matches an array holding
// the value. Everything else in the filter (operators, ranges, dotted paths, numbers) is left to the
// handler.
func pushdownWhere(filter *types.Document) (string, []any) {
	if filter == nil {
		return "", nil
	}

	var terms []string
	var args []any

	iter := filter.Iterator()
	defer iter.Close()

	for {
		key, value, err := iter.Next()
		if err != nil {
			if !errors.Is(err, iterator.ErrIteratorDone) {
				return "", nil
			}

			break
		}

		if !plainField.MatchString(key) {
			continue
		}

		values, ok := equalValues(value)
		if !ok {
			continue
		}

		column := "_ferretdb_sjson->'" + key + "'"
		placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")
		term := column + " IN (" + placeholders + ")"

		// _id is never an array; any other field may be.
		if key != "_id" {
			term = "(" + term + " OR (" + column + " >= '[' AND " + column + " < '\\'))"
		}

		terms = append(terms, term)
		args = append(args, values...)
	}

	if len(terms) == 0 {
		return "", nil
	}

	return " WHERE " + strings.Join(terms, " AND "), args
}

// equalValues returns the values, as stored JSON, that a field must hold for `{field: value}`,
// `{field: {$eq: value}}` or `{field: {$in: [values]}}` to match, when each is a string, a
// boolean or an ObjectID.
func equalValues(value any) ([]any, bool) {
	operators, isDocument := value.(*types.Document)
	if !isDocument {
		literal, ok := storedScalar(value)
		return []any{literal}, ok
	}

	if operators.Len() != 1 {
		return nil, false
	}

	if v, err := operators.Get("$eq"); err == nil {
		literal, ok := storedScalar(v)
		return []any{literal}, ok
	}

	v, err := operators.Get("$in")
	if err != nil {
		return nil, false
	}

	list, isArray := v.(*types.Array)
	if !isArray || list.Len() == 0 || list.Len() > maxInValues {
		return nil, false
	}

	literals := make([]any, 0, list.Len())

	for i := 0; i < list.Len(); i++ {
		literal, ok := storedScalar(must.NotFail(list.Get(i)))
		if !ok {
			return nil, false
		}

		literals = append(literals, literal)
	}

	return literals, true
}

// storedScalar is the JSON text `_ferretdb_sjson->'field'` gives for a field holding the value.
func storedScalar(value any) (string, bool) {
	switch value.(type) {
	case string, bool, types.ObjectID:
		return string(must.NotFail(sjson.MarshalSingleValue(value))), true
	default:
		return "", false
	}
}
