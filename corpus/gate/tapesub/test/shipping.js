const test = require('tape');
const { shipping } = require('../lib/vip.js');

test('shipping', (t) => {
  t.equal(shipping({ total: 80, customer: 'ada' }), 0, 'VIPs with large orders ship free');
  t.test('small orders', (st) => {
    let sum = 0;
    for (let i = 0; i < 400; i++) sum += shipping({ total: i % 50, customer: 'c' + i });
    st.equal(sum, 2000);
    st.end();
  });
  t.end();
});
