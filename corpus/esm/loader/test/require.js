import { describe, it } from 'mocha';
import assert from 'assert';

// babel's and esm's output have CommonJS's require, __filename and __dirname
describe('CommonJS names in an ES module written for a loader', () => {
  it('requires a JSON file and knows its folder', () => {
    const pkg = require('../package.json');
    assert.strictEqual(pkg.name, 'esm-loader');
    assert.ok(__dirname.endsWith('test') && __filename.endsWith('require.js'));
  });
});
