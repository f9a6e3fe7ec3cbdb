'use strict';
// Snapshots recorded by jest 28, in the format before jest 29 (`Object {`, `Array [`, escaped strings).
const { summarize } = require('../lib/summary.js');

test('legacy format', () => {
  expect(summarize([{ sku: 'z', qty: 30, price: 4 }])).toMatchSnapshot();
});
