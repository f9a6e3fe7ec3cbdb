import { describe, it, expect } from "vitest";
import { parseRange } from "../src/range.js";

describe("chai's assertions on expect", () => {
  it("chains, equality and deep equality", () => {
    expect(parseRange("1-3")).to.deep.equal({ lo: 1, hi: 3 });
    expect(parseRange("1-3")).to.eql({ lo: 1, hi: 3 });
    expect(parseRange("1-3").lo).to.equal(1);
    expect(parseRange("5")).to.not.deep.equal({ lo: 1, hi: 3 });
    expect(parseRange("3-1")).to.be.null;
    expect(parseRange("2-2")).not.to.be.undefined;
    expect(parseRange("7")).to.toEqual({ lo: 7, hi: 7 });
  });

  it("property assertions and methods", () => {
    expect(parseRange("1") !== null).to.be.true;
    expect([]).to.be.empty;
    expect("a").to.be.a("string");
    expect([1, 2]).to.have.lengthOf(2);
    expect([1, 2, 3]).to.include(2);
    expect([{ a: 1 }]).to.deep.include({ a: 1 });
    expect({ a: { b: 1 } }).to.have.deep.property("a", { b: 1 });
    expect(parseRange("4-9")).to.have.property("hi", 9);
    expect("abc").to.match(/b/);
    expect(3).to.be.above(2).and.below(4);
    expect(() => parseRange(null).lo).to.throw(TypeError);
    expect(() => parseRange("1")).to.not.throw();
  });

  it("an assertion that does not hold fails", () => {
    expect(() => expect(1).to.equal(2)).toThrow("expected 1 to equal 2");
    expect(() => expect([1]).to.be.empty).toThrow();
    expect(() => expect({ a: 1 }).to.not.deep.equal({ a: 1 })).toThrow();
    expect(() => expect(parseRange("x")).to.exist).toThrow();
  });
});

describe.skipIf(true)("a suite skipped by skipIf", () => {
  it("does not run", () => {
    throw new Error("a skipped suite ran");
  });
});

describe.runIf(true)("a suite run by runIf", () => {
  it("runs", () => {
    expect(parseRange("0-0")).to.deep.equal({ lo: 0, hi: 0 });
  });
});

it.skipIf(true)("a test skipped by skipIf", () => {
  throw new Error("a skipped test ran");
});

it.runIf(false)("a test runIf leaves out", () => {
  throw new Error("a skipped test ran");
});

it.runIf(true)("a test runIf runs", () => {
  expect(parseRange("12")).to.have.property("lo", 12);
});
