package config

import "path/filepath"

// CustomFieldsFile is the project's config/custom-fields.yaml: the base
// type of each Strapi custom field Kiln's own table does not know, by uid
//
//	plugin::my-plugin.color: string
//
// Like config/permissions.yaml, it is part of the project's model rather
// than a setting: it is read from the config folder when the content
// types are loaded (internal/app LoadSchema), whatever built the Config, and
// core/schema checks its types.
func (c Config) CustomFieldsFile() string { return filepath.Join(c.Paths.Config, "custom-fields.yaml") }

// ReadCustomFields reads config/custom-fields.yaml strictly: no file is no
// entry; an entry whose value is not text is an error naming the file.
func (c Config) ReadCustomFields() (map[string]string, error) {
	var m map[string]string
	if err := readSection(c.CustomFieldsFile(), &m); err != nil {
		return nil, err
	}
	return m, nil
}
