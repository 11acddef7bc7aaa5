package app

import (
	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/schema"
)

// LoadSchema loads the project's content types as the server, kiln
// migrate and kiln validate read them: the content-types folder, with the
// custom fields' base types of the config folder's custom-fields.yaml.
func LoadSchema(cfg config.Config) (*schema.Schema, error) {
	custom, err := cfg.ReadCustomFields()
	if err != nil {
		return nil, err
	}
	s, err := schema.LoadDirWith(cfg.Paths.ContentTypes, schema.Options{
		CustomFields: custom, CustomFieldsFile: cfg.CustomFieldsFile(),
	})
	if err != nil {
		return nil, err
	}
	s.SetLocales(cfg.I18n.Codes(), cfg.I18n.Default())
	return s, nil
}
