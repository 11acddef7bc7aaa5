'use strict';

// Bootstrap (src/index.js) of the Strapi 5.54 that the archives of
// testdata/transfer/strapi5 were exported from. Idempotent: safe on every start.
//  - locales fr and de (en is made by i18n on the first start);
//  - Public role: find/findOne on every api:: type and the media library;
//  - Authenticated role: me, changePassword, reads of page, article, site,
//    story, writer;
//  - a role "editor" (type editor) with its own grants, so that the
//    archive holds a role that is not one of Strapi's two defaults;
//  - a webhook (disabled, so that it never fires), so that the archive's
//    configuration holds a webhook row beside the core-store rows;
//  - a full-access API token whose plaintext is PEER_API_TOKEN (from .env),
//    which load.js uses.
// The users are made by load.js (REST, POST /api/users).
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

async function ensureWebhook(strapi) {
  const q = strapi.db.query('strapi::webhook');
  if (await q.findOne({ where: { name: 'kiln-test-hook' } })) return;
  await q.create({
    data: {
      name: 'kiln-test-hook', url: 'http://127.0.0.1:9/hook', headers: { 'X-Kiln': 'test' },
      events: ['entry.create', 'entry.publish'], enabled: false,
    },
  });
}

async function ensureLocale(strapi, code, name) {
  const locales = strapi.plugin('i18n').service('locales');
  if (!(await locales.findByCode(code))) await locales.create({ code, name });
}

module.exports = {
  register() {},

  async bootstrap({ strapi }) {
    await ensureLocale(strapi, 'fr', 'French (fr)');
    await ensureLocale(strapi, 'de', 'German (de)');

    const roles = {
      public: await ensureRole(strapi, 'public', 'Public', 'Default role given to unauthenticated user.'),
      authenticated: await ensureRole(strapi, 'authenticated', 'Authenticated', 'Default role given to authenticated user.'),
      editor: await ensureRole(strapi, 'editor', 'Editor', 'Writes pages and articles'),
    };
    const read = (t) => [`api::${t}.${t}.find`, `api::${t}.${t}.findOne`];
    const write = (t) => [`api::${t}.${t}.create`, `api::${t}.${t}.update`, `api::${t}.${t}.delete`];
    await grant(strapi, roles.public, [
      ...COLLECTIONS.flatMap(read),
      ...SINGLES.map((t) => `api::${t}.${t}.find`),
      'plugin::upload.content-api.find', 'plugin::upload.content-api.findOne',
    ]);
    await grant(strapi, roles.authenticated, [
      `${UP}.user.me`, `${UP}.auth.changePassword`,
      ...['page', 'article', 'story', 'writer'].flatMap(read),
      'api::site.site.find',
    ]);
    await grant(strapi, roles.editor, [
      `${UP}.user.me`, `${UP}.auth.changePassword`,
      ...['page', 'article'].flatMap(read), ...['page', 'article'].flatMap(write),
      'api::site.site.find', 'api::site.site.update',
    ]);
    await ensureWebhook(strapi);
    await ensureApiToken(strapi);
    strapi.log.info('[peer] bootstrap done: locales fr and de, grants, role editor, webhook, API token');
  },
};
