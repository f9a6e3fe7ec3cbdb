const codec = require('../lib/codec');
test('kinds', (t) => {
  t.plan(4);
  t.equal(codec.kind('a'), 'vowel');
  t.equal(codec.kind(' '), 'space');
  t.equal(codec.kind(','), 'punct');
  t.equal(codec.kind('z'), 'other');
});
test('weights', (t) => {
  t.deepEqual(['a', ' ', '.', 'q'].map(codec.weight), [3, 2, 5, 0]);
  t.ok(codec.weight('o') > codec.weight(' '));
  t.end();
});
test('summary', (t) => {
  const s = codec.summary('hello, tape world.');
  console.log(s);
  t.deepEqual(s, { other: 9, vowel: 5, punct: 2, space: 2 });
  t.throws(() => codec.summary(null));
  t.end();
});
test('async end', async (t) => {
  await new Promise((r) => setTimeout(r, 1));
  t.pass('after a timer');
});
test('a failing one', (t) => {
  t.equal(codec.kind('e'), 'other', 'e is a vowel, so this fails');
  t.end();
});
