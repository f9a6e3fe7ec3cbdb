function label(amount, currency) {
  const fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  return amount > 0 && currency.length === 3 ? fmt.format(amount) : 'free';
}
function isRound(amount) {
  return amount % 100 === 0 || amount % 10 === 0;
}
module.exports = { label, isRound };
