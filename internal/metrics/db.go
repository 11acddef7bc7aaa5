package metrics

import (
	"database/sql"

	"github.com/prometheus/client_golang/prometheus"
)

// dbCollector reads the database pool's state at each scrape.
type dbCollector struct{ stats func() sql.DBStats }

var (
	dbMaxOpen = prometheus.NewDesc("kiln_db_max_open_connections",
		"Most connections the pool may open (0: no limit).", nil, nil)
	dbOpen = prometheus.NewDesc("kiln_db_open_connections",
		"Connections open, in use or idle.", nil, nil)
	dbInUse = prometheus.NewDesc("kiln_db_in_use_connections",
		"Connections running a statement or transaction.", nil, nil)
	dbIdle = prometheus.NewDesc("kiln_db_idle_connections",
		"Connections open and waiting for work.", nil, nil)
	dbWaits = prometheus.NewDesc("kiln_db_wait_count_total",
		"Times a request waited for a connection because all were in use.", nil, nil)
	dbWaitSeconds = prometheus.NewDesc("kiln_db_wait_duration_seconds_total",
		"Time spent waiting for a connection.", nil, nil)
	dbClosed = prometheus.NewDesc("kiln_db_closed_connections_total",
		"Connections the pool closed, by reason: max_idle, max_idle_time, max_lifetime.", []string{"reason"}, nil)
)

func (d dbCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, desc := range []*prometheus.Desc{dbMaxOpen, dbOpen, dbInUse, dbIdle, dbWaits, dbWaitSeconds, dbClosed} {
		ch <- desc
	}
}

func (d dbCollector) Collect(ch chan<- prometheus.Metric) {
	s := d.stats()
	gauge := func(desc *prometheus.Desc, v int) {
		ch <- prometheus.MustNewConstMetric(desc, prometheus.GaugeValue, float64(v))
	}
	gauge(dbMaxOpen, s.MaxOpenConnections)
	gauge(dbOpen, s.OpenConnections)
	gauge(dbInUse, s.InUse)
	gauge(dbIdle, s.Idle)
	ch <- prometheus.MustNewConstMetric(dbWaits, prometheus.CounterValue, float64(s.WaitCount))
	ch <- prometheus.MustNewConstMetric(dbWaitSeconds, prometheus.CounterValue, s.WaitDuration.Seconds())
	for reason, n := range map[string]int64{"max_idle": s.MaxIdleClosed, "max_idle_time": s.MaxIdleTimeClosed, "max_lifetime": s.MaxLifetimeClosed} {
		ch <- prometheus.MustNewConstMetric(dbClosed, prometheus.CounterValue, float64(n), reason)
	}
}
