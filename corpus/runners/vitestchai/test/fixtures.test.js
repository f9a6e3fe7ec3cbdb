import { test as base, expect } from "vitest";
import { parseRange } from "../src/range.js";

// vitest's test fixtures: `test.extend` adds values to each test's context, set up in order and
// torn down after the test, in reverse order
const log = [];
const test = base.extend({
  prefix: "id-",
  counter: async ({}, use) => {
    log.push("setup counter");
    let n = 0;
    await use(() => ++n);
    log.push("teardown counter");
  },
  ids: async ({ prefix, counter }, use) => {
    await use(() => prefix + counter());
    log.push("teardown ids");
  },
});

test("fixtures are set up in order and passed to the test", ({ ids }) => {
  expect(ids()).toBe("id-1");
  expect(ids()).toBe("id-2");
});

test("each test gets fresh fixtures, torn down after the one before", ({ ids }) => {
  expect(ids()).toBe("id-1");
  expect(log).toEqual(["setup counter", "teardown ids", "teardown counter", "setup counter"]);
});

const more = test.extend({
  range: async ({ ids }, use) => {
    await use(parseRange(ids().slice(3) + "-9"));
  },
});

more("extend adds to the fixtures", ({ range }) => {
  expect(range).toEqual({ lo: 1, hi: 9 });
});
