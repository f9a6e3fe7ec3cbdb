const { money } = require('format');

// the price of `n` items: bulk orders get a discount, members another
function price(n, unit, member) {
  let total = n * unit;
  if (n >= 100 && total > 1000) total *= 0.9;
  else if (member && n > 1) total *= 0.95;
  return money(total);
}

module.exports = { price };
