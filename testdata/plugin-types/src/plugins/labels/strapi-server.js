module.exports = { contentTypes: { tag: { schema: require('./server/src/content-types/tag/schema.json') } } };
