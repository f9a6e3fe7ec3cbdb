const { within } = require('../src/within');

describe('within', function () {
  it('takes the tolerance a helper set', function () {
    expect(within(10.25, 10, TOLERANCE)).toBeTrue();
    expect(within(11, 10, TOLERANCE)).toBeFalse();
  });

  it('rejects what is not a number', function () {
    expect(within('10', 10, 1)).toBeFalse();
    expect(within(NaN, 10, 1)).toBeFalse();
  });

  it('sizes as jasmine does', function () {
    expect(new Set([1, 2])).toHaveSize(2);
    expect([1, 2, 3]).toHaveSize(3);
  });

  xit('is pending', function () {
    expect(within(0, 100, 1)).toBeTrue();
  });
});
