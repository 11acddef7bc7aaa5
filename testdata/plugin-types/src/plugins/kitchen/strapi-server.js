module.exports = { contentTypes: { badge: { schema: require('./server/content-types/badge/schema.json') } } };
