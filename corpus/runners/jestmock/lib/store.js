module.exports = { name: 'real store' };
