package locales_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/locales"
	"github.com/kiln-cms/kiln/internal/migrate"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

func migrated(t *testing.T, db *database.DB) {
	sc, err := schema.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := migrate.Run(context.Background(), db, sc, migrate.Options{}); err != nil {
		t.Fatal(err)
	}
}

func cfgOf(codes ...string) config.I18n {
	c := config.I18n{}
	for _, code := range codes {
		c.Locales = append(c.Locales, config.Locale{Code: code, Name: config.LocaleName(code)})
	}
	return c
}

// summary is each locale as id:code:name:default, the documentId kept
// aside to compare across syncs.
func summary(t *testing.T, db *database.DB, def string) ([]string, map[string]string) {
	t.Helper()
	ls, err := locales.List(context.Background(), db, def)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	docs := map[string]string{}
	for _, l := range ls {
		out = append(out, fmt.Sprintf("%d:%s:%s:%v", l.ID, l.Code, l.Name, l.IsDefault))
		docs[l.Code] = l.DocumentID
		if len(l.DocumentID) != 24 || l.CreatedAt.IsZero() || l.UpdatedAt.Before(l.CreatedAt) {
			t.Errorf("locale %s: documentId %q, created %v, updated %v", l.Code, l.DocumentID, l.CreatedAt, l.UpdatedAt)
		}
	}
	return out, docs
}

func same(t *testing.T, what string, got, want []string) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s:\n got  %v\n want %v", what, got, want)
	}
}

// TestSyncKeepsTheTableAsConfigured: the first start adds the locales in
// the file's order; a later start keeps their ids and documentIds, adds
// a new one after them, renames one whose name changed and removes one no
// longer configured; the default is marked wherever it is.
func TestSyncKeepsTheTableAsConfigured(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		migrated(t, db)
		ctx := context.Background()
		if err := locales.Sync(ctx, db, cfgOf("en", "fr", "de")); err != nil {
			t.Fatal(err)
		}
		got, docs := summary(t, db, "en")
		same(t, "first start", got, []string{"1:en:English (en):true", "2:fr:French (fr):false", "3:de:German (de):false"})
		next := cfgOf("es", "fr", "en")
		next.Locales[1].Name = "Français"
		if err := locales.Sync(ctx, db, next); err != nil {
			t.Fatal(err)
		}
		got, again := summary(t, db, "fr")
		same(t, "second start", got, []string{"1:en:English (en):false", "2:fr:Français:true", "4:es:Spanish (es):false"})
		for _, code := range []string{"en", "fr"} {
			if again[code] != docs[code] {
				t.Errorf("%s's documentId changed: %s, then %s", code, docs[code], again[code])
			}
		}
	})
}

// TestSyncOnSeveralInstancesAtOnce: instances starting together agree on
// one row per locale.
func TestSyncOnSeveralInstancesAtOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		migrated(t, db)
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- locales.Sync(context.Background(), db, cfgOf("en", "fr"))
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		got, _ := summary(t, db, "en")
		if len(got) != 2 {
			t.Fatalf("rows: %v", got)
		}
	})
}
