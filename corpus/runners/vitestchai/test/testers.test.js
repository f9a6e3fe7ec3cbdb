import { it, expect } from "vitest";

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
