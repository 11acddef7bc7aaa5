package app

import (
	"path/filepath"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/schema"
)

// LoadSchema loads the project's content types as the server, kiln
// migrate and kiln validate read them: the content-types folder, with the
// custom fields' base types of config/custom-fields.yaml.
func LoadSchema(cfg config.Config) (*schema.Schema, error) {
	return schema.LoadDirWith(cfg.Paths.ContentTypes, schema.Options{
		CustomFields:     cfg.CustomFields,
		CustomFieldsFile: filepath.Join(cfg.Paths.Config, "custom-fields.yaml"),
	})
}
