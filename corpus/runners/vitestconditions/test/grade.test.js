import { describe, expect, it } from "vitest";
import { grade, where } from "@demo/conditions";

describe("the package by its own name", () => {
  it("resolves through the source condition", () => {
    expect(where).toBe("source");
  });

  it("grades", () => {
    expect([95, 150, 200, 120, 101].map(grade)).toEqual(["A", "below A", "below A", "below A", "below A"]);
  });
});
