package query

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
)

// dump writes a qs tree as JSON would show it (JavaScript key order).
func dump(n *node) string {
	var b strings.Builder
	dumpTo(&b, n)
	return b.String()
}

func dumpTo(b *strings.Builder, n *node) {
	switch {
	case n == nil:
		b.WriteString("<hole>")
	case n.kind == nullNode:
		b.WriteString("null")
	case n.kind == trueNode:
		b.WriteString("true")
	case n.kind == stringNode:
		b.WriteString(strconv.Quote(n.str))
	case n.kind == listNode:
		b.WriteByte('[')
		for i, it := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			dumpTo(b, it)
		}
		b.WriteByte(']')
	default:
		b.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k) + ":")
			dumpTo(b, n.vals[i])
		}
		b.WriteByte('}')
	}
}

// TestParseQS checks each form against what qs.parse(str, {strictNullHandling:
// true, arrayLimit: 100, depth: 20}) returns in Node.
func TestParseQS(t *testing.T) {
	deep20 := "a" + strings.Repeat("[b]", 20) + "=1"
	tests := []struct{ in, want string }{
		{"", `{}`},
		{"a=b", `{"a":"b"}`},
		{"a[b][c]=v", `{"a":{"b":{"c":"v"}}}`},
		{"a%5Bb%5D%5Bc%5D=v", `{"a":{"b":{"c":"v"}}}`},
		{"a%5bb%5d=v", `{"a":{"b":"v"}}`},
		{"a[0]=x&a[1]=y", `{"a":["x","y"]}`},
		{"a[1]=y&a[0]=x", `{"a":["x","y"]}`},
		{"a[]=x&a[]=y", `{"a":["x","y"]}`},
		{"a[0]=x&a[5]=y", `{"a":["x","y"]}`},
		{"a[]=x&a[5]=y", `{"a":["x","y"]}`},
		{"a=b+c%20d", `{"a":"b c d"}`},
		{"a+b=c", `{"a b":"c"}`},
		{"a[b]", `{"a":{"b":null}}`},
		{"a[b]=", `{"a":{"b":""}}`},
		{"a", `{"a":null}`},
		{"a=1&a=2", `{"a":["1","2"]}`},
		{"a&a=1", `{"a":[null,"1"]}`},
		{"a[100]=x", `{"a":["x"]}`},
		{"a[101]=x", `{"a":{"101":"x"}}`},
		{"a[0]=x&a[101]=y", `{"a":{"0":"x","101":"y"}}`},
		{"a[b]=1&a[10]=2&a[2]=3", `{"a":{"2":"3","10":"2","b":"1"}}`},
		{"a[0]=x&a[b]=y", `{"a":{"0":"x","b":"y"}}`},
		{"a[b]=y&a[0]=x", `{"a":{"0":"x","b":"y"}}`},
		{"a=1&a[b]=2", `{"a":["1",{"b":"2"}]}`},
		{"a[b]=2&a=c", `{"a":{"b":"2","c":true}}`},
		{"a&a[b]=1", `{"a":[null,{"b":"1"}]}`},
		{"a[b]=1&a[b]", `{"a":{"b":["1",null]}}`},
		{"a[b]=1&a%5Bb%5D=2", `{"a":{"b":["1","2"]}}`},
		{"a[0]=x&a[0]=y", `{"a":[["x","y"]]}`},
		{"a[0][b]=1&a[0][c]=2", `{"a":[{"b":"1","c":"2"}]}`},
		{"a[0]=x&a[0][b]=y", `{"a":["x",{"b":"y"}]}`},
		{"a[b]c[d]=1", `{"a":{"b":{"d":"1"}}}`},
		{"a[b[c]]=1", `{"a[b":{"c":"1"}}`},
		{"[a]=1", `{"a":"1"}`},
		{"a]=1", `{"a]":"1"}`},
		{"a[b=c]=d", `{"a":{"b=c":"d"}}`},
		{"a=b=c", `{"a":"b=c"}`},
		{"=x&&b", `{"b":null}`},
		{"a=%ZZ", `{"a":"%ZZ"}`},
		{"a=%E0%A4%A", `{"a":"%E0%A4%A"}`},
		{"a=%FF", `{"a":"%FF"}`},
		{"a=%C3%A9", `{"a":"é"}`},
		{"a=%2B", `{"a":"+"}`},
		{"0=a&b=c&1=d", `{"0":"a","1":"d","b":"c"}`},
		{"a[01]=x", `{"a":{"01":"x"}}`},
		{"a[-1]=x", `{"a":{"-1":"x"}}`},
		{"sort[title]=desc&sort[name]=asc", `{"sort":{"title":"desc","name":"asc"}}`},
		{"filters[$or][0][title][$eq]=a&filters[$or][1][title][$eq]=b",
			`{"filters":{"$or":[{"title":{"$eq":"a"}},{"title":{"$eq":"b"}}]}}`},
		{deep20, `{"a":` + strings.Repeat(`{"b":`, 20) + `"1"` + strings.Repeat("}", 21)},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n, err := parseQS(tt.in)
			if err != nil {
				t.Fatalf("parseQS(%q): %v", tt.in, err)
			}
			if got := dump(n); got != tt.want {
				t.Errorf("parseQS(%q)\n got %s\nwant %s", tt.in, got, tt.want)
			}
		})
	}
}

// TestParseQSErrors checks what qs would drop silently is refused.
func TestParseQSErrors(t *testing.T) {
	tests := []struct{ in, msg string }{
		{"a" + strings.Repeat("[b]", 21) + "=1", "Invalid query parameter a: nested deeper than 20 levels"},
		{"filters[__proto__][x]=1", "Invalid key __proto__"},
		{"__proto__[x]=1", "Invalid key __proto__"},
		{"filters[__pro%74o__][x]=1", "Invalid key __proto__"},
		{"sort[constructor][prototype][x]=asc", "Invalid key constructor"},
		{"a[prototype]=1", "Invalid key prototype"},
		{"populate[hasOwnProperty]=true", "Invalid key hasOwnProperty"},
		{"a[b]=1&a=toString", "Invalid key toString"},
		{strings.Repeat("a=1&", 1000) + "a=1", "Too many query parameters (1001), the maximum is 1000"},
	}
	for _, tt := range tests {
		t.Run(clip(tt.in), func(t *testing.T) {
			_, err := parseQS(tt.in)
			e, ok := errs.As(err)
			if !ok || e.Kind != errs.KindValidation || e.Message != tt.msg {
				t.Fatalf("parseQS(%q) = %v, want validation error %q", tt.in, err, tt.msg)
			}
		})
	}
}
