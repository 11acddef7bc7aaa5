package config

import (
	"slices"
	"strings"
	"testing"
)

func TestTrustProxyFromFileAndEnvironment(t *testing.T) {
	cases := []struct {
		name, file string
		env        string
		want       []string
	}{
		{"none by default", "", "", nil},
		{"a YAML list", "trustProxy: [10.0.0.0/8, 127.0.0.1]\n", "", []string{"10.0.0.0/8", "127.0.0.1/32"}},
		{"a block list", "trustProxy:\n  - 192.0.2.7\n  - 2001:db8::/32\n  - ::1\n", "", []string{"192.0.2.7/32", "2001:db8::/32", "::1/128"}},
		{"one string, comma-separated", "trustProxy: 10.0.0.0/8, 127.0.0.1\n", "", []string{"10.0.0.0/8", "127.0.0.1/32"}},
		{"an empty list", "trustProxy: []\n", "", []string{}},
		{"ranges are masked, mapped IPv4 unmapped", "trustProxy: [10.1.2.3/8, '::ffff:192.0.2.0/120', '::ffff:192.0.2.9']\n", "", []string{"10.0.0.0/8", "192.0.2.0/24", "192.0.2.9/32"}},
		{"the environment wins", "trustProxy: [10.0.0.0/8]\n", " 127.0.0.1 , 172.16.0.0/12,", []string{"127.0.0.1/32", "172.16.0.0/12"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.file != "" {
				writeFile(t, dir, "server.yaml", tc.file)
			}
			c, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_TRUST_PROXY": tc.env}))
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Server.TrustProxy.Strings(); !slices.Equal(got, tc.want) {
				t.Fatalf("trustProxy = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTrustProxyRefusals(t *testing.T) {
	cases := []struct {
		name, file, env string
		want            []string
	}{
		{"the old boolean in a file", "trustProxy: true\n", "",
			[]string{"server.yaml", "line 1", "no longer true or false", "write trustProxy: [127.0.0.1]"}},
		{"false in a file", "host: 0.0.0.0\ntrustProxy: false\n", "",
			[]string{"line 2", "no longer true or false", "leave it out to trust none"}},
		{"the old boolean in the environment", "", "true",
			[]string{`KILN_TRUST_PROXY="true"`, "no longer true or false", "KILN_TRUST_PROXY=10.0.0.0/8,127.0.0.1"}},
		{"a host name", "trustProxy: [10.0.0.0/8, proxy.local]\n", "",
			[]string{"server.yaml", `"proxy.local" is not an IP address or CIDR range`}},
		{"a bad range", "trustProxy: [10.0.0.0/33]\n", "",
			[]string{`"10.0.0.0/33" is not an IP address or CIDR range`}},
		{"an address with a port", "", "127.0.0.1:80",
			[]string{"KILN_TRUST_PROXY", `"127.0.0.1:80" is not an IP address or CIDR range`}},
		{"garbage in the environment", "", "10.0.0.0/8,nope",
			[]string{"KILN_TRUST_PROXY", `"nope" is not an IP address or CIDR range`}},
		{"a boolean in the list", "trustProxy: [true]\n", "",
			[]string{"trustProxy entries are addresses or CIDR ranges"}},
		{"a map", "trustProxy: {a: 1}\n", "",
			[]string{"trustProxy is a list of addresses or CIDR ranges"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.file != "" {
				writeFile(t, dir, "server.yaml", tc.file)
			}
			_, err := Load(envOf(map[string]string{"KILN_CONFIG_DIR": dir, "KILN_TRUST_PROXY": tc.env}))
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}
