import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
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

// vitest gives every module it transforms CommonJS's `__dirname`, `__filename` and `require`, even
// in a package of "type": "module" (checked with vitest 3.2.4 and 4.1.12)
it("has __dirname, __filename and require in an ES module", () => {
  const text = readFileSync(`${__dirname}/limits.json`, "utf8");
  expect(JSON.parse(text).lo).toBe(limits.lo);
  expect(__filename.endsWith("options.test.ts")).toBe(true);
  expect(require("./limits.json").hi).toBe(limits.hi);
});
