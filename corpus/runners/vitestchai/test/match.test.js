import { it, expect } from "vitest";

// toMatchObject as jest's subset equality: every key of the pattern matched (so an empty object
// matches any value), arrays element by element with the same length, dates by their time
it("matches objects by subset", () => {
  expect({ a: null, b: 5 }).toMatchObject({ a: {}, b: {} });
  expect([{ x: 1, y: 2 }]).toMatchObject([{ x: 1 }]);
  expect({ when: new Date(0) }).toMatchObject({ when: new Date(0) });
  expect({ when: new Date(1) }).not.toMatchObject({ when: new Date(0) });
  expect({ when: {} }).not.toMatchObject({ when: new Date(0) });
  expect({ a: "abc" }).not.toMatchObject({ a: { length: 3 } });
  expect({ a: null }).not.toMatchObject({ a: { b: 1 } });
  expect([1, 2]).not.toMatchObject([1]);
});

// a matcher added by expect.extend after other expects ran is one of every later expect's
it("takes matchers extended after other expects", () => {
  expect([1, 2]).to.not.deep.equal([2, 1]);
  expect(() => expect([1]).not.toEqual([1])).toThrow();
  expect.extend({
    toBeThree(received) {
      return { pass: received === 3, message: () => `${received} is not three` };
    },
  });
  expect(3).toBeThree();
  expect(4).not.toBeThree();
  expect(() => expect(5).toBeThree()).toThrow(/5 is not three/);
  expect(2).to.be.a("number");
});

// a failed matcher's message prints both values (a matcher that passes prints nothing)
it("prints what a failed matcher compared", () => {
  expect(() => expect({ a: 1 }).toEqual({ a: 2 })).toThrow(/a: 2/);
  expect(() => expect([7, 8]).toContain(9)).toThrow(/7, 8/);
  expect(() => expect(3).not.toBeThree()).toThrow(/3/);
});
