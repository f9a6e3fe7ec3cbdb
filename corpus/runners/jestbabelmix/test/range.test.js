import helpers, { inRange, span } from "./helpers";

test("a helper's exports, by name and as the default", () => {
  expect(inRange(-3)).toBe(0);
  expect(inRange(4)).toBe(4);
  expect(helpers.inRange(30)).toBe(10);
  expect(helpers.label).toBe("helpers");
  expect([11, 12, 13, 14, 15].map(inRange)).toEqual([10, 10, 10, 10, 10]);
});

test("snapshots print what toJSON returns", () => {
  expect(span(-1, 20)).toMatchInlineSnapshot(`"0..10"`);
  expect({ at: span(2, 3), n: 1 }).toMatchInlineSnapshot(`
    {
      "at": "2..3",
      "n": 1,
    }
  `);
});

test("an object without Object's prototype prints as a plain one", () => {
  const bare = Object.create(null);
  bare.key = "value";
  expect(bare).toMatchInlineSnapshot(`
    {
      "key": "value",
    }
  `);
});
