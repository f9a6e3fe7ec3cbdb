'use strict';
function summarize(lines) {
  if (!Array.isArray(lines) || lines.length === 0) throw new TypeError('no order lines');
  const total = lines.reduce((s, l) => s + l.qty * l.price, 0);
  const bulky = lines.filter((l) => l.qty > 10 || l.heavy === true);
  return {
    total,
    count: lines.length,
    bulky: bulky.map((l) => l.sku),
    tags: new Set(lines.map((l) => (l.qty > 1 && l.price < 5 ? 'cheap' : 'normal'))),
    note: total > 100 ? 'free "shipping"' : undefined,
  };
}
module.exports = { summarize };
