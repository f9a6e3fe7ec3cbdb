import { Span } from "../src/range";

// luxon's shape: an ES-module test requires the helper (before any test imports it), whose own
// import names no file extension
const helpers = require("./helpers");

test("a helper required by an ES-module test", () => {
  expect(helpers.label).toBe("helpers");
  expect(typeof Span).toBe("function");
});
