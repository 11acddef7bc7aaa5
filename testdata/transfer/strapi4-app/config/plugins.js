module.exports = ({ env }) => ({
  'users-permissions': { config: { jwtSecret: env('JWT_SECRET'), ratelimit: { enabled: false } } },
});
