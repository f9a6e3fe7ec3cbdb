module.exports = { limit: 3 };
