const test = require('tape');

test('a failing nested test fails its parent', (t) => {
  t.test('inner', (st) => {
    st.equal(1 + 1, 3, 'one plus one is three');
    st.end();
  });
  t.end();
});
