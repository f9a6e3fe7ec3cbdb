module.exports = { name: 'manual store' };
