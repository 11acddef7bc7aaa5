package graphql

import (
	"sync"

	"github.com/vektah/gqlparser/v2/ast"
)

// Clients send the same few query documents over and over (a generated
// client's operations); parsing and validating one costs about a tenth of
// a list's answer. A document that parsed and validated is kept by its
// text and shared by the requests that send it: nothing writes to a
// document after validation (collectFields copies what it merges).

// docCacheSize bounds the documents kept, and docCacheMaxBytes the text
// of one: a cache that any client could fill with large one-off documents
// would only cost memory.
const (
	docCacheSize     = 256
	docCacheMaxBytes = 16 << 10
)

// document is a validated query document and what its limits refuse
// (checkLimits), which depend on nothing else.
type document struct {
	*ast.QueryDocument
	limits []gqlError
	// collected keeps collectFields' answers that no variable can change
	// (exec.collect), by selection set and type, for every request that
	// sends the document; they are never modified once made.
	collected sync.Map
}

// docCache maps a query's text to its validated document. When full it
// is emptied, not ordered: a working set of a few hundred documents
// refills it at once, and a flood of distinct documents cannot pin it.
type docCache struct {
	mu   sync.RWMutex
	docs map[string]*document
}

func (c *docCache) get(text string) *document {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.docs[text]
}

func (c *docCache) put(text string, doc *document) {
	if len(text) > docCacheMaxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.docs == nil || len(c.docs) >= docCacheSize {
		c.docs = make(map[string]*document, docCacheSize)
	}
	c.docs[text] = doc
}
