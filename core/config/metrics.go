package config

// Metrics is server.yaml's metrics: GET /metrics in Prometheus' text
// format. Off by default (404); on, it needs Token as a bearer token,
// unless Open says anybody who reaches the port may read it.
type Metrics struct {
	// Enabled mounts /metrics. Default: false. Env: KILN_METRICS.
	Enabled bool `yaml:"enabled"`
	// Token is the bearer token a scraper sends, at least
	// MinMetricsTokenBytes long. Env: KILN_METRICS_TOKEN.
	Token string `yaml:"token"`
	// Open serves /metrics without a token: for a port only the scraper
	// reaches. Default: false. Env: KILN_METRICS_OPEN.
	Open bool `yaml:"open"`
}

// MinMetricsTokenBytes is the shortest metrics token: long enough not to
// be guessed by a scraper of the open internet.
const MinMetricsTokenBytes = 16

func (m Metrics) problems() []string {
	switch {
	case !m.Enabled:
		return nil
	case m.Token == "" && !m.Open:
		return []string{"server.metrics: enabled needs a token (KILN_METRICS_TOKEN) or open: true " +
			"(anybody who reaches the port reads the metrics)"}
	case m.Token != "" && m.Open:
		return []string{"server.metrics: token and open: true contradict each other; set one"}
	case m.Token != "" && len(m.Token) < MinMetricsTokenBytes:
		return []string{"server.metrics: the token must be at least 16 bytes"}
	}
	return nil
}
