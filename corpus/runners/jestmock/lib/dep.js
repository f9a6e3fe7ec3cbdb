module.exports = {
  value: () => 'real',
  flag: 1
};
