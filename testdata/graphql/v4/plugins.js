module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: '30d' },
      register: { allowedFields: [] },
      // Strapi rate-limits /api/auth/* (default 10 requests/min per ip+identifier);
      // off for the peer so repeated differential runs are not answered 429.
      ratelimit: { enabled: env.bool('UP_RATELIMIT', false) },
    },
  },
  graphql: {
    enabled: true,
    config: {
      depthLimit: 10,
      // amountLimit is the v4 name, which 5.54 ignores (it reads maxLimit
      // and defaultLimit, and warns at start when maxLimit is unset): both
      // are given, so the limit of 100 is in force.
      amountLimit: 100,
      maxLimit: 100,
      apolloServer: { introspection: true },
      v4CompatibilityMode: true,
    },
  },
});
