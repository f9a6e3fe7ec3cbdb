const test = require('tape');

test('a failing nested test fails alone', (t) => {
  t.test('inner', (st) => {
    st.equal(1 + 1, 3, 'one plus one is three');
    st.test('deeper', (dt) => { dt.ok(true); dt.end(); });
    st.end();
  });
  t.end();
});

test('after the nested ones', (t) => {
  t.pass();
  t.end();
});
