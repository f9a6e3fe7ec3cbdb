const test = require('tape');
const { slug } = require('../lib/slug.js');

let opened = 0;
test('slugs', (t) => {
  t.equal(slug('Hello World'), 'hello-world');
  t.is(slug('  a  b '), 'a-b', 'collapses runs');
  t.same(['x'].map(slug), ['x']);
  t.notEqual(slug('A'), 'A');
  t.end();
});

test('plan counts nested tests', (t) => {
  t.plan(2);
  opened++;
  t.teardown(() => { opened--; });
  t.test('first', (st) => { st.ok(slug('ab').length === 2); st.end(); });
  t.test('second', (st) => { st.throws(() => { throw new TypeError('x'); }, TypeError); st.end(); });
});

test('teardown ran', (t) => {
  t.equal(opened, 0);
  t.match(slug('Über cool'), /cool$/);
  t.end();
});
