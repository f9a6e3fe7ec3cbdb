import { compare, type Op } from "../src/ops_index.js";
import assert from "node:assert";

describe("ops", () => {
  it("compares through a module that re-exports types without `type`", () => {
    const ops: Op[] = [];
    for (let i = 0; i < 30; i++) ops.push(compare(i % 3, 1).op);
    assert.deepStrictEqual(ops.slice(0, 3), ["<", "=", ">"]);
  });
});
