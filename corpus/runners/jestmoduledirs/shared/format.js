// two decimals and a currency sign
exports.money = function (x) {
  return '$' + x.toFixed(2);
};
