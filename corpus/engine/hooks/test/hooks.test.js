const assert = require('assert');
const log = (s) => console.log(s);
before(() => log('root before'));
after(() => log('root after'));
beforeEach(function () { log('root beforeEach ' + this.test.title); });
describe('outer', function () {
  this.timeout(500);
  before((done) => { setTimeout(() => { log('outer before (async)'); done(); }, 1); });
  afterEach(() => log('outer afterEach'));
  after(() => log('outer after'));
  it('first', () => log('  first'));
  it('done with error', (done) => { setImmediate(() => done(new Error('reported'))); });
  it('rejects', () => Promise.reject(new Error('rejected')));
  it.skip('skipped', () => log('never'));
  xit('also skipped', () => log('never'));
  it('pending without a function');
  context('inner', () => {
    beforeEach(() => log('  inner beforeEach'));
    specify('second', async () => { await null; log('  second'); });
    it('times out', function (done) { this.timeout(20); });
    it('throws a non-error', () => { throw 'plain string'; });
  });
  it('runs before inner tests (mocha order)', () => log('  own test after the context'));
});
xdescribe('skipped suite', () => { it('never', () => log('never')); });
describe('failing hook', () => {
  before(() => { throw new Error('hook failed'); });
  it('is reported as failed', () => log('never'));
});
