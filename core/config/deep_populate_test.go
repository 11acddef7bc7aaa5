package config

import (
	"strings"
	"testing"
)

// TestMaxDeepPopulate: deep populate's maximum depth is 5 unless
// api.yaml or KILN_MAX_DEEP_POPULATE (which wins) says otherwise, and
// below 1 stops start-up.
func TestMaxDeepPopulate(t *testing.T) {
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": t.TempDir()}))
	if err != nil || c.API.MaxDeepPopulate != 5 {
		t.Fatalf("default: %d %v", c.API.MaxDeepPopulate, err)
	}
	dir := t.TempDir()
	writeFile(t, dir, "api.yaml", "maxDeepPopulate: 8\n")
	if c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir})); err != nil || c.API.MaxDeepPopulate != 8 {
		t.Errorf("api.yaml: %d %v", c.API.MaxDeepPopulate, err)
	}
	if c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_MAX_DEEP_POPULATE": "3"})); err != nil || c.API.MaxDeepPopulate != 3 {
		t.Errorf("KILN_MAX_DEEP_POPULATE=3 over the file: %d %v", c.API.MaxDeepPopulate, err)
	}
	_, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": t.TempDir(), "KILN_MAX_DEEP_POPULATE": "0"}))
	if err == nil || !strings.Contains(err.Error(), "api: maxDeepPopulate must be at least 1") {
		t.Errorf("KILN_MAX_DEEP_POPULATE=0: %v", err)
	}
}
