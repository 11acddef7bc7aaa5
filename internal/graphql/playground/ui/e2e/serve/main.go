// Command serve is the browser test's server (e2e/run.sh): the GraphQL
// page wired in as Kiln is to wire it, in front of a real kiln, to which
// everything else is proxied, so that GraphiQL introspects and queries
// Kiln's own endpoint from the page's origin.
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"os"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/proxy"

	"github.com/kiln-cms/kiln/internal/graphql/playground"
)

func main() {
	upstream := flag.String("upstream", "", "the kiln to proxy to, http://host:port")
	endpoint := flag.String("endpoint", "/graphql", "the GraphQL endpoint's path")
	flag.Parse()
	if *upstream == "" {
		log.Fatal("-upstream is needed")
	}
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	forward := func(c *fiber.Ctx) error { return proxy.Do(c, *upstream+c.OriginalURL()) }
	page := playground.Handler(*endpoint)
	app.Get(*endpoint, func(c *fiber.Ctx) error {
		if playground.Wants(c) {
			return page(c)
		}
		return forward(c)
	})
	app.Get(*endpoint+"/"+playground.AssetDir+"/:name", page)
	app.Use(forward)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stdout, "http://%s\n", ln.Addr())
	log.Fatal(app.Listener(ln))
}
