package config

import (
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode"
)

// TestUploadEveryKeyHasItsVariable: each key of upload.yaml, the s3
// block's too, is read from KILN_UPLOAD_<KEY> (sizeLimit from
// KILN_UPLOAD_SIZE_LIMIT, s3.accessKeyId from
// KILN_UPLOAD_S3_ACCESS_KEY_ID), the variables' names derived here from
// the struct's yaml tags, so that a key added without its variable fails.
func TestUploadEveryKeyHasItsVariable(t *testing.T) {
	env := map[string]string{"KILN_CONFIG_DIR": t.TempDir()}
	var want []func(c Config) (string, bool)
	var walk func(v reflect.Value, prefix string, get func(Config) reflect.Value)
	walk = func(typ reflect.Value, prefix string, get func(Config) reflect.Value) {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Type().Field(i)
			tag := strings.Split(f.Tag.Get("yaml"), ",")[0]
			name := prefix + upperSnake(tag)
			i := i
			field := func(c Config) reflect.Value { return get(c).Field(i) }
			var value string
			var check func(reflect.Value) bool
			switch k := f.Type; {
			case k.Kind() == reflect.Struct:
				walk(typ.Field(i), name+"_", field)
				continue
			case k == reflect.TypeOf(time.Duration(0)):
				value, check = "7s", func(v reflect.Value) bool { return v.Interface() == 7*time.Second }
			case k.Kind() == reflect.Int, k.Kind() == reflect.Int64:
				value, check = "7", func(v reflect.Value) bool { return v.Int() == 7 }
			case k.Kind() == reflect.Bool:
				value, check = "true", func(v reflect.Value) bool { return v.Bool() }
			case k.Kind() == reflect.Pointer && k.Elem().Kind() == reflect.Bool:
				value, check = "false", func(v reflect.Value) bool { return !v.IsNil() && !v.Elem().Bool() }
			case k.Kind() == reflect.Map:
				value, check = "huge:7", func(v reflect.Value) bool { return v.Len() == 1 && v.MapIndex(reflect.ValueOf("huge")).Int() == 7 }
			case k.Kind() == reflect.String && tag == "provider":
				value, check = "s3", func(v reflect.Value) bool { return v.String() == "s3" }
			case k.Kind() == reflect.String:
				value, check = "v-"+tag, func(v reflect.Value) bool { return v.String() == "v-"+tag }
			default:
				t.Fatalf("upload.yaml key %s has a type the test does not know: %s", name, k)
			}
			env["KILN_UPLOAD_"+name] = value
			want = append(want, func(c Config) (string, bool) { return "KILN_UPLOAD_" + name, check(field(c)) })
		}
	}
	walk(reflect.ValueOf(Upload{}), "", func(c Config) reflect.Value { return reflect.ValueOf(c.Upload) })
	c, err := Load(envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 15 {
		t.Fatalf("%d keys found; the walk looked at too little", len(want))
	}
	for _, w := range want {
		if name, ok := w(c); !ok {
			t.Errorf("%s is not read (or not as written)", name)
		}
	}
}

func upperSnake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

func TestUploadSettingsChecked(t *testing.T) {
	for _, tc := range []struct {
		body, want string
	}{
		{"provider: ftp\n", `upload: provider "ftp" is not local or s3`},
		{"provider: s3\n", "upload: the s3 provider needs s3.bucket"},
		{"sizeLimit: 0\n", "upload: sizeLimit must be at least 1 byte"},
		{"breakpoints: {thumbnail: 100}\n", `upload: breakpoint "thumbnail" must have a name other than thumbnail`},
		{"sizeLimt: 5\n", "field sizeLimt not found"},
	} {
		dir := t.TempDir()
		writeFile(t, dir, "upload.yaml", tc.body)
		if _, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir})); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.body, err, tc.want)
		}
	}
	dir := t.TempDir()
	writeFile(t, dir, "upload.yaml", "sizeLimit: 1048576\nbreakpoints: {large: 1200}\nthumbnail: false\n")
	c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_UPLOAD_SIZE_LIMIT": "2097152"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Upload.SizeLimit != 2<<20 || len(c.Upload.Breakpoints) != 1 || c.Upload.Breakpoints["large"] != 1200 || c.Upload.MakesThumbnail() {
		t.Errorf("upload.yaml then the environment: %+v", c.Upload)
	}
}
