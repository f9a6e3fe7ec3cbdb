const assert = require('assert');
const { kind, ABSOLUTE, REFERENCE } = require('../lib/paths.js');

describe('paths', () => {
  it('classifies paths and references', () => {
    const found = ['/models/Bar', '/Models/Foo/', 'models/Bar#/definitions/entity', 'http://json-schema.org/schema#',
      '', 'a b', '/%7E/x', 'c:\\dir'].map(kind);
    console.log(found.join(' '));
    assert.deepStrictEqual(found, ['absolute', 'absolute', 'reference', 'reference', 'empty', 'other', 'absolute', 'reference']);
  });
  it('keeps the source as node gives it', () => {
    console.log(ABSOLUTE.source, REFERENCE.source);
    assert.strictEqual(new RegExp(ABSOLUTE.source, 'i').test('/Upper/Case'), true);
  });
  it('matches long subjects as node does', () => {
    const long = '/a'.repeat(20000);
    assert.strictEqual(ABSOLUTE.test(long), true);
    assert.strictEqual(REFERENCE.test(long + ' x'), false);
  });
});
