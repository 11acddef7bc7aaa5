module.exports = ({ env }) => ({
  // REST only: no admin build, no admin UI
  serveAdminPanel: false,
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
});
