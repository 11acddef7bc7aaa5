package config

import (
	"reflect"
	"strings"
	"testing"
)

// TestGraphQLEveryKeyHasItsVariable: each key of graphql.yaml is read
// from KILN_GRAPHQL_<KEY> (v4CompatibilityMode from
// KILN_GRAPHQL_V4_COMPATIBILITY_MODE), the names derived from the
// struct's yaml tags, so that a key added without its variable fails.
func TestGraphQLEveryKeyHasItsVariable(t *testing.T) {
	env := map[string]string{"KILN_CONFIG_DIR": t.TempDir()}
	typ := reflect.TypeOf(GraphQL{})
	checks := map[string]func(v reflect.Value) bool{}
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		name := "KILN_GRAPHQL_" + upperSnake(strings.Split(f.Tag.Get("yaml"), ",")[0])
		switch k := f.Type; {
		case k.Kind() == reflect.Int:
			env[name], checks[name] = "7", func(v reflect.Value) bool { return v.Int() == 7 }
		case k.Kind() == reflect.Bool:
			env[name], checks[name] = "true", func(v reflect.Value) bool { return v.Bool() }
		case k.Kind() == reflect.Pointer && k.Elem().Kind() == reflect.Bool:
			env[name], checks[name] = "false", func(v reflect.Value) bool { return !v.IsNil() && !v.Elem().Bool() }
		case k.Kind() == reflect.String:
			env[name], checks[name] = "/gql", func(v reflect.Value) bool { return v.String() == "/gql" }
		default:
			t.Fatalf("graphql.yaml key %s has a type the test does not know: %s", name, k)
		}
	}
	c, err := Load(envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	got := reflect.ValueOf(c.GraphQL)
	for i := 0; i < typ.NumField(); i++ {
		name := "KILN_GRAPHQL_" + upperSnake(strings.Split(typ.Field(i).Tag.Get("yaml"), ",")[0])
		if !checks[name](got.Field(i)) {
			t.Errorf("%s is not read (or not as written)", name)
		}
	}
	if _, ok := checks["KILN_GRAPHQL_V4_COMPATIBILITY_MODE"]; !ok {
		t.Error("no KILN_GRAPHQL_V4_COMPATIBILITY_MODE among the variables")
	}
}

// TestGraphQLV4CompatibilityMode: off by default, on from graphql.yaml,
// and the variable wins over the file either way.
func TestGraphQLV4CompatibilityMode(t *testing.T) {
	dir := t.TempDir()
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir}))
	if err != nil || c.GraphQL.V4CompatibilityMode {
		t.Fatalf("default: %v %v", c.GraphQL.V4CompatibilityMode, err)
	}
	writeFile(t, dir, "graphql.yaml", "enabled: true\nv4CompatibilityMode: true\n")
	if c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir})); err != nil || !c.GraphQL.V4CompatibilityMode {
		t.Fatalf("graphql.yaml: %v %v", c.GraphQL.V4CompatibilityMode, err)
	}
	c, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_GRAPHQL_V4_COMPATIBILITY_MODE": "false"}))
	if err != nil || c.GraphQL.V4CompatibilityMode {
		t.Fatalf("the variable over the file: %v %v", c.GraphQL.V4CompatibilityMode, err)
	}
	_, err = Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_GRAPHQL_V4_COMPATIBILITY_MODE": "yes please"}))
	if err == nil || !strings.Contains(err.Error(), "KILN_GRAPHQL_V4_COMPATIBILITY_MODE") {
		t.Fatalf("a bad value: %v", err)
	}
}
