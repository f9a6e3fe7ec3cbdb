// a jasmine helper registering custom matchers before each spec, sync and async (marked's
// helpers do so with `jasmine.addAsyncMatchers`)
const { within } = require('../../src/within');

beforeEach(function () {
  jasmine.addMatchers({
    toBeWithin: function () {
      return {
        compare: function (actual, target) {
          const pass = within(actual, target, TOLERANCE);
          return { pass, message: `Expected ${actual} to be within ${TOLERANCE} of ${target}` };
        },
      };
    },
  });
  jasmine.addAsyncMatchers({
    toSettleWithin: function () {
      return {
        compare: async function (promise, target) {
          const value = await promise;
          return { pass: within(value, target, TOLERANCE) };
        },
        negativeCompare: async function (promise, target) {
          const value = await promise;
          return { pass: !within(value, target, TOLERANCE), message: `Expected ${value} not to settle within ${target}` };
        },
      };
    },
  });
});
