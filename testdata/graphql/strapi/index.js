'use strict';

// Bootstrap for the GraphQL recording peer. Idempotent: safe on every start.
//  - locale fr (en is made by i18n on the first start);
//  - Public role: find/findOne on every api:: type, upload find/findOne
//    (plus Strapi's default auth actions: register, forgotPassword, ...);
//  - Authenticated role: me, changePassword, i18n locales, and reads of
//    page, article, site, story, writer;
//  - a full-access API token whose plaintext is PEER_API_TOKEN (from .env).
// The same grants are in testdata/graphql/config/permissions.yaml.
const crypto = require('crypto');

const COLLECTIONS = [
  'customer', 'category', 'blueprint', 'program', 'module', 'session',
  'coach', 'availability', 'learner', 'enrollment', 'event', 'attendance',
  'page', 'article', 'album', 'story', 'writer',
];
const SINGLES = ['site'];
const UP = 'plugin::users-permissions';

async function ensureRole(strapi, type, name, description) {
  const q = strapi.db.query(`${UP}.role`);
  let role = await q.findOne({ where: { type } });
  if (!role) role = await q.create({ data: { type, name, description } });
  return role;
}

async function grant(strapi, role, actions) {
  const q = strapi.db.query(`${UP}.permission`);
  const existing = await q.findMany({ where: { role: role.id }, select: ['action'] });
  const have = new Set(existing.map((p) => p.action));
  for (const action of actions) {
    if (!have.has(action)) await q.create({ data: { action, role: role.id } });
  }
}

async function ensureApiToken(strapi) {
  const plain = process.env.PEER_API_TOKEN;
  if (!plain) return;
  const salt = strapi.config.get('admin.apiToken.salt');
  const accessKey = crypto.createHmac('sha512', salt).update(plain).digest('hex');
  const q = strapi.db.query('admin::api-token');
  const name = 'peer-full-access';
  const existing = await q.findOne({ where: { name } });
  let encryptedKey = null;
  try {
    encryptedKey = strapi.service('admin::encryption').encrypt(plain);
  } catch (e) { /* no encryption key configured: fine */ }
  if (!existing) {
    await q.create({
      data: {
        name, description: 'Full-access token for the reference peer tools',
        type: 'full-access', kind: 'content-api', accessKey, encryptedKey,
        lifespan: null, expiresAt: null,
      },
    });
  } else if (existing.accessKey !== accessKey) {
    await q.update({ where: { id: existing.id }, data: { accessKey, encryptedKey } });
  }
}

async function ensureLocale(strapi, code, name) {
  const locales = strapi.plugin('i18n').service('locales');
  if (!(await locales.findByCode(code))) await locales.create({ code, name });
}

module.exports = {
  register() {},

  async bootstrap({ strapi }) {
    await ensureLocale(strapi, 'fr', 'French (fr)');

    const roles = {
      public: await ensureRole(strapi, 'public', 'Public', 'Default role given to unauthenticated user.'),
      authenticated: await ensureRole(strapi, 'authenticated', 'Authenticated', 'Default role given to authenticated user.'),
    };
    const read = (t) => [`api::${t}.${t}.find`, `api::${t}.${t}.findOne`];
    await grant(strapi, roles.public, [
      ...COLLECTIONS.flatMap(read),
      ...SINGLES.map((t) => `api::${t}.${t}.find`),
      'plugin::upload.content-api.find', 'plugin::upload.content-api.findOne',
    ]);
    await grant(strapi, roles.authenticated, [
      `${UP}.user.me`, `${UP}.auth.changePassword`, 'plugin::i18n.locales.listLocales',
      ...['page', 'article', 'story', 'writer'].flatMap(read),
      'api::site.site.find',
    ]);
    await ensureApiToken(strapi);
    strapi.log.info('[peer] bootstrap done: locale fr, public and authenticated grants, API token');
  },
};
