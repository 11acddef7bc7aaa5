package database

import "database/sql"

// Stats is the connection pool's state (open, in use, idle, waits), for
// the metrics.
func (db *DB) Stats() sql.DBStats { return db.sql.Stats() }
