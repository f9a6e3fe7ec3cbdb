import { count, type Item } from "../src/classify.js";
import { Kind } from "../src/kinds.js";
import legacy from "../src/legacy.cjs";
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
