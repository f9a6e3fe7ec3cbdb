import { describe, it, test, expect, vi, beforeEach } from "vitest";
import { merge, overlaps, type Range } from "../src/range.js";

describe.each([
  { a: { lo: 1, hi: 3 }, b: { lo: 2, hi: 5 }, want: true },
  { a: { lo: 1, hi: 2 }, b: { lo: 3, hi: 5 }, want: false },
])("overlaps($a.lo..$a.hi, $b.lo..$b.hi)", ({ a, b, want }) => {
  it("is symmetric", () => {
    expect(overlaps(a, b)).toBe(want);
    expect(overlaps(b, a)).toBe(want);
  });
});

describe("merge", () => {
  let input: Range[];
  beforeEach(() => {
    input = [
      { lo: 5, hi: 8 },
      { lo: 1, hi: 3 },
      { lo: 2, hi: 4 },
      { lo: 10, hi: 11 },
    ];
  });

  test("merges overlapping ranges", ({ expect }) => {
    expect(merge(input)).toStrictEqual([
      { lo: 1, hi: 4 },
      { lo: 5, hi: 8 },
      { lo: 10, hi: 11 },
    ]);
  });

  it("reports each merge", () => {
    const seen = vi.fn();
    merge(input, seen);
    expect(seen).toHaveBeenCalledOnce();
    expect(seen).toHaveBeenLastCalledWith({ lo: 1, hi: 4 });
  });

  it("does not touch its input", () => {
    const before = structuredClone(input);
    merge(input);
    expect(input).toEqual(before);
  });
});

test("the setup file ran first", () => {
  expect((globalThis as { rangeUnit?: string }).rangeUnit).toBe("px");
});
