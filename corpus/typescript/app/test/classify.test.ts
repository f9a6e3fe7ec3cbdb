import { count, type Item } from "../src/classify.js";
import { Kind, Level, Limits } from "../src/kinds.js";
import legacy from "../src/legacy.cjs";
import { Units } from "../src/units.js";
import { Geo } from "../src/dotted.js";
import assert from "node:assert";

function items(n: number): Item[] {
  const out: Item[] = [];
  const tags = ["xa", "xbb", "xcc", "xdd", "xee", "b", "c"];
  for (let i = 0; i < n; i++) {
    out.push({ kind: i % 97 === 0 ? Kind.Rare : Kind.Common, size: i % 50, tags });
  }
  return out;
}

describe("classify", () => {
  it("counts special items", () => {
    assert.strictEqual(count(items(2000), 10), 17);
  });

  it("counts none above every size", () => {
    assert.strictEqual(count(items(500), 100), 0);
  });
});

describe("legacy", () => {
  it("checks ranges", () => {
    let hits = 0;
    for (let n = 0; n < 100; n++) if (legacy.inRange([10, 60], n)) hits++;
    assert.strictEqual(hits, 43);
  });
});

describe("kinds", () => {
  it("builds enums and assigns parameter properties", () => {
    assert.deepStrictEqual([Level.Low, Level.Mid, Level.High, Level[6]], [0, 5, 6, "High"]);
    assert.deepStrictEqual(Object.keys(Kind), ["Common", "Rare"]);
    const limits = new Limits(10, 60);
    assert.deepStrictEqual(Object.keys(limits), ["low", "high"]);
    let hits = 0;
    for (let n = 0; n < 100; n++) if (limits.within(n)) hits++;
    assert.strictEqual(hits, 51);
    assert.strictEqual(Units.double(21), 42);
    assert.strictEqual(Units.scale, 2);
    assert.strictEqual(Geo.Units.km(2500), 2.5);
  });
});
