'use strict';

// Bootstrap of the Strapi 4.25 that testdata/transfer/strapi4 was exported
// from. Idempotent. The locale fr (en is made by i18n on the first start),
// Public find/findOne on the three types, a disabled webhook, and a
// full-access API token whose plaintext is PEER_API_TOKEN (from .env),
// which load4.js uses.
const crypto = require('crypto');

module.exports = {
  register() {},

  async bootstrap({ strapi }) {
    const locales = strapi.plugin('i18n').service('locales');
    if (!(await locales.findByCode('fr'))) await locales.create({ code: 'fr', name: 'French (fr)' });

    const role = await strapi.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
    const have = new Set((await strapi.query('plugin::users-permissions.permission').findMany({ where: { role: role.id } })).map((p) => p.action));
    for (const t of ['article', 'story', 'writer']) {
      for (const a of ['find', 'findOne']) {
        const action = `api::${t}.${t}.${a}`;
        if (!have.has(action)) await strapi.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
      }
    }

    // v4's webhook model is 'webhook' (v5's 'strapi::webhook'); strapi.query
    // knows only content types
    const hooks = strapi.db.query('webhook');
    if (!(await hooks.findOne({ where: { name: 'kiln-test-hook' } }))) {
      await hooks.create({ data: { name: 'kiln-test-hook', url: 'http://127.0.0.1:9/hook', headers: {}, events: ['entry.create'], enabled: false } });
    }

    const plain = process.env.PEER_API_TOKEN;
    if (plain) {
      const accessKey = crypto.createHmac('sha512', strapi.config.get('admin.apiToken.salt')).update(plain).digest('hex');
      const q = strapi.query('admin::api-token');
      const existing = await q.findOne({ where: { name: 'peer-full-access' } });
      if (!existing) {
        await q.create({ data: { name: 'peer-full-access', description: 'Full-access token for load4.js', type: 'full-access', accessKey, lifespan: null, expiresAt: null } });
      } else if (existing.accessKey !== accessKey) {
        await q.update({ where: { id: existing.id }, data: { accessKey } });
      }
    }
  },
};
