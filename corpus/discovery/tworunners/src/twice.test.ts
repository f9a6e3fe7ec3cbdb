import { it, assert } from "vitest";
import { twice } from "./twice.js";

it("doubles", () => {
  assert.strictEqual(twice(2), 4);
});
