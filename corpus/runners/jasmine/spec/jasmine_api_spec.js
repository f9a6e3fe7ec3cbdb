const { within } = require('../src/within');

// spied on by one test; the other finds it put back, in either order
const shared = { within };

describe('jasmine API', function () {
  it('runs custom matchers a helper added, and their negation', function () {
    expect(10.25).toBeWithin(10);
    expect(12).not.toBeWithin(10);
  });

  it('runs async matchers, built in and custom', async function () {
    await expectAsync(Promise.resolve(10.5)).toSettleWithin(10);
    await expectAsync(Promise.resolve(20)).not.toSettleWithin(10);
    await expectAsync(Promise.resolve(3)).toBeResolvedTo(3);
    await expectAsync(Promise.reject(new RangeError('far'))).toBeRejectedWithError(RangeError, /far/);
    await expectAsync(Promise.resolve(1)).not.toBeRejected();
  });

  it('makes spies by name and matches asymmetrically', function () {
    const check = jasmine.createSpy('check', within);
    expect(check.length).toBe(3);
    expect(check(1, 1, 0)).toBeUndefined();
    check.and.callThrough();
    expect(check(1, 1, 0)).toBeTrue();
    check.and.returnValue(false);
    expect(check(1, 1, 0)).toBeFalse();
    expect(check.calls.count()).toBe(3);
    expect(check.calls.argsFor(2)).toEqual([1, 1, 0]);
    expect(check).toHaveBeenCalledWith(1, 1, 0);
    expect({ value: 1, target: 2 }).toEqual(jasmine.objectContaining({ target: 2 }));
    expect([1, 2, 3]).toEqual(jasmine.arrayContaining([3, 1]));
    expect(within).toEqual(jasmine.any(Function));
  });

  it('spies on a method: a stub until it calls through', function () {
    spyOn(shared, 'within');
    expect(shared.within(1, 1, 0)).toBeUndefined();
    shared.within.and.callThrough();
    expect(shared.within(1, 1, 0)).toBeTrue();
    expect(shared.within).toHaveBeenCalledTimes(2);
    const fake = jasmine.createSpyObj('ruler', { within: true, near: false });
    expect(fake.within()).toBeTrue();
    expect(fake.near()).toBeFalse();
  });

  it('finds a spied method put back after its test', function () {
    expect(shared.within(1, 1, 0)).toBeTrue();
    expect(shared.within).toBe(within);
  });
});
