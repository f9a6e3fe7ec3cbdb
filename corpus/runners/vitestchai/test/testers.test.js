import { it, expect, vi } from "vitest";

class Money {
  constructor(cents, note) {
    this.cents = cents;
    this.note = note;
  }
}

// vitest's custom equality testers: Money is equal by its cents, whatever its note
expect.addEqualityTesters([
  function moneyEquals(a, b) {
    if (a instanceof Money && b instanceof Money) return a.cents === b.cents;
    return undefined;
  },
]);

it("compares with the equality testers added", () => {
  expect(new Money(100, "a")).toEqual(new Money(100, "b"));
  expect([new Money(5, "x")]).toEqual([new Money(5, "y")]);
  expect(new Money(1, "a")).not.toEqual(new Money(2, "a"));
  expect({ a: 1 }).toEqual({ a: 1 });
  expect({ a: 1 }).not.toEqual({ a: 2 });
});

it("stubs globals and environment variables, and undoes them", () => {
  vi.stubEnv("DP_MODE", "fast");
  vi.stubGlobal("dpAnswer", 42);
  expect(process.env.DP_MODE).toBe("fast");
  expect(globalThis.dpAnswer).toBe(42);
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  expect(process.env.DP_MODE).toBe(undefined);
  expect("dpAnswer" in globalThis).toBe(false);
});
