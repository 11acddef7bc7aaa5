package ratelimit

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// RedisKeyPrefix is put before every key the RedisStore writes, so that the
// counters can share a database with other data and be found (or flushed)
// by pattern.
const RedisKeyPrefix = "kiln:rl:"

// hitScript increments a counter and gives it an expiry on its first hit,
// in one atomic step: with INCR and PEXPIRE sent separately, a crash or a
// lost connection between the two would leave a counter that never
// expires, and its caller locked out for good. For the same reason a
// counter found without an expiry (ttl -1) gets one. It returns the count
// and the milliseconds left in the window.
//
// A script rather than PEXPIRE ... NX in a MULTI because it also runs on
// Redis before 7.0, and it is one round trip either way.
var hitScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
if n == 1 then
	redis.call('PEXPIRE', KEYS[1], ARGV[1])
	return {n, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
	redis.call('PEXPIRE', KEYS[1], ARGV[1])
	ttl = tonumber(ARGV[1])
end
return {n, ttl}
`)

// Client defaults for the request path, used where the URL does not set
// its own (redis://host:6379/0?dial_timeout=2s&read_timeout=1s&...). The
// limiter runs before every request, so a Redis that has gone away must
// fail fast rather than hold requests for go-redis's default seconds of
// timeouts and retries.
const (
	redisDialTimeout = time.Second
	redisIOTimeout   = 500 * time.Millisecond
	// One retry: INCR is not idempotent, so a retry after a lost reply may
	// count a request twice. Being one request stricter is better than
	// failing on every blip of the network.
	redisMaxRetries = 1
)

// RedisStore is a Store in Redis, shared by every instance that uses the
// same Redis database. Keys are RedisKeyPrefix + the Limiter's key.
type RedisStore struct {
	c   *redis.Client
	now func() time.Time
}

// NewRedisStore returns a store on the Redis at url
// (redis://[user:password@]host:port/db, or rediss:// for TLS). It does not
// connect: the client dials on first use, so an instance can start while
// Redis is down (see Limiter.FailClosed for what happens then). Use Ping
// to check the connection at start-up.
func NewRedisStore(url string) (*RedisStore, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("ratelimit: redis url: %w", err)
	}
	if opt.DialTimeout == 0 {
		opt.DialTimeout = redisDialTimeout
	}
	if opt.ReadTimeout == 0 {
		opt.ReadTimeout = redisIOTimeout
	}
	if opt.WriteTimeout == 0 {
		opt.WriteTimeout = redisIOTimeout
	}
	if opt.MaxRetries == 0 {
		opt.MaxRetries = redisMaxRetries
	}
	// One dial attempt per request: the pool already stops dialing and
	// answers its last error at once after PoolSize failures in a row,
	// probing in the background until Redis is back.
	opt.DialerRetries = 1
	return &RedisStore{c: redis.NewClient(opt), now: time.Now}, nil
}

// Hit implements Store. resetAt is this machine's clock plus the key's
// PTTL, so clocks that disagree between instances and Redis do not matter.
func (s *RedisStore) Hit(ctx context.Context, key string, window time.Duration) (int64, time.Time, error) {
	ms := window.Milliseconds()
	if ms <= 0 {
		return 0, time.Time{}, errWindow
	}
	vals, err := hitScript.Run(ctx, s.c, []string{RedisKeyPrefix + key}, ms).Int64Slice()
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("ratelimit: redis hit: %w", err)
	}
	if len(vals) != 2 {
		return 0, time.Time{}, fmt.Errorf("ratelimit: redis hit: unexpected reply %v", vals)
	}
	return vals[0], s.now().Add(time.Duration(vals[1]) * time.Millisecond), nil
}

// Ping checks that Redis answers.
func (s *RedisStore) Ping(ctx context.Context) error {
	return s.c.Ping(ctx).Err()
}

// Close closes the client's connections.
func (s *RedisStore) Close() error { return s.c.Close() }
