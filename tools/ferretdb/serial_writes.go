// Added by tools/src/ferretdb.ts to its copy of FerretDB v1.24.2 before it builds it: see
// docs/decisions.md, "The local database: FerretDB built from source, with our changes" (One write at a time).

package handler

import (
	"context"
	"sync"

	"github.com/FerretDB/wire"
)

// writes is held by every write command for its whole run. FerretDB 1.24 applies an update by
// reading the document, changing it in memory and writing it back, with nothing in between to stop
// another update of the same document: two updates at once could lose one, and a conditional
// update could match twice. MongoDB applies each single-document write atomically; running the
// writes one at a time gives the local stack the same guarantee. SQLite runs one write at a time
// anyway, so little is lost.
var writes sync.Mutex

// serializeWrites wraps the write commands' handlers so that they run one at a time.
func (h *Handler) serializeWrites() {
	for _, name := range []string{"insert", "update", "delete", "findAndModify", "findandmodify"} {
		cmd := h.commands[name]
		handle := cmd.Handler

		cmd.Handler = func(ctx context.Context, msg *wire.OpMsg) (*wire.OpMsg, error) {
			writes.Lock()
			defer writes.Unlock()

			return handle(ctx, msg)
		}
	}
}
