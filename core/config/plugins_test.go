package config

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPluginsFile: config/plugins.yaml lists plugins by name with enabled;
// no file enables none; a key other than enabled is an error; a name not
// among the known ones is refused with the file and the known names.
func TestPluginsFile(t *testing.T) {
	dir := t.TempDir()
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir}))
	if err != nil || len(c.Plugins.Enabled()) != 0 {
		t.Fatalf("no file: %v %v", c.Plugins, err)
	}
	writeFile(t, dir, "plugins.yaml", "scheduling: {enabled: true}\ncatalog:\n  enabled: true\nanalytics: {enabled: false}\n")
	c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir}))
	if err != nil || !slices.Equal(c.Plugins.Enabled(), []string{"catalog", "scheduling"}) {
		t.Fatalf("enabled %v, %v", c.Plugins.Enabled(), err)
	}
	known := []string{"catalog", "analytics", "scheduling", "coaching"}
	if err := c.CheckPlugins(known); err != nil {
		t.Fatal(err)
	}
	if err := c.CheckPlugins([]string{"catalog", "scheduling"}); err == nil ||
		err.Error() != dir+`/plugins.yaml: unknown plugin "analytics"; the known plugins are catalog, scheduling` {
		t.Errorf("unknown name: %v", err)
	}
	writeFile(t, dir, "plugins.yaml", "catalog: {enabled: true, config: {}}\n")
	if _, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir})); err == nil || !strings.Contains(err.Error(), "field config not found") {
		t.Errorf("an unknown key: %v", err)
	}
}

// TestCustomFieldsFile: config/custom-fields.yaml maps a custom field's
// uid to a base type, read as written from the config folder (core/schema
// checks the types); a value that is not text is refused with the file's
// name.
func TestCustomFieldsFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if m, err := c.ReadCustomFields(); err != nil || m != nil || c.CustomFieldsFile() != filepath.Join(dir, "custom-fields.yaml") {
		t.Fatalf("no file: %v %v %s", m, err, c.CustomFieldsFile())
	}
	writeFile(t, dir, "custom-fields.yaml", "plugin::my-plugin.color: string\n\"global::rating\": integer\n")
	m, err := c.ReadCustomFields()
	if err != nil || len(m) != 2 || m["plugin::my-plugin.color"] != "string" || m["global::rating"] != "integer" {
		t.Fatalf("custom fields %v, %v", m, err)
	}
	writeFile(t, dir, "custom-fields.yaml", "plugin::my-plugin.color: {type: string}\n")
	if _, err := c.ReadCustomFields(); err == nil ||
		!strings.HasPrefix(err.Error(), "reading "+filepath.Join(dir, "custom-fields.yaml")+": yaml: unmarshal errors") {
		t.Errorf("a mapping for a type: %v", err)
	}
}
