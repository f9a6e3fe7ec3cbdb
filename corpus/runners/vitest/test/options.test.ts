import { describe, it, expect } from "vitest";
// a JSON import without `with { type: "json" }`, as vitest allows
import limits from "./limits.json";
import { settings } from "../src/range.js";

// vitest's options argument: second (`it(name, options, fn)`), also on `.each` and `describe`
let ran = 0;

it("takes its options second", { timeout: 5_000 }, () => {
  ran += 1;
  expect(ran).toBe(1);
});

it.each([
  ["lo", /^l/],
  ["hi", /^h/i],
])("row %s matches %s", { timeout: 5_000 }, (word: string, re: RegExp) => {
  expect(re.test(word)).toBe(true);
});

it("is skipped by its options", { skip: true }, () => {
  throw new Error("a skipped test ran");
});

describe("a suite skipped by its options", { skip: true }, () => {
  it("does not run", () => {
    throw new Error("a test of a skipped suite ran");
  });
});

it("reads a JSON import and the constants the config defines", () => {
  expect(settings()).toBe("px strict");
  expect(process.env.DECISIONPROF_DEFINE).toBe(undefined);
  expect(limits.hi - limits.lo).toBe(8);
});
