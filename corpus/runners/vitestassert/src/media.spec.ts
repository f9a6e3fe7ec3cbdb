import { describe, it, assert, assertType, expectTypeOf } from "vitest";
import { parse, matches, type MediaType } from "./media.js";

const bad = ["", "text", "text/", "/plain", "te xt/plain", "text/plain; =x", "text/plain; k"];

describe("parse", () => {
  it("reads the type, the subtype and the parameters", () => {
    const t = parse("Text/HTML; Charset=utf-8; q=0.5");
    assert.deepEqual(t, { type: "text", subtype: "html", parameters: { charset: "utf-8", q: "0.5" } });
    assert.strictEqual(t.type, "text");
    assert.notStrictEqual(t.subtype, "HTML");
    assert.isObject(t.parameters);
    assert.hasAllKeys(t.parameters, ["charset", "q"]);
    assert.propertyVal(t.parameters, "q", "0.5");
    assert.lengthOf(Object.keys(t.parameters), 2);
    // type-level checks, which do nothing at run time
    expectTypeOf(t).toEqualTypeOf<MediaType>();
    expectTypeOf(parse).parameter(0).toBeString();
    assertType<MediaType>(t);
  });

  it("has no parameters when none are given", () => {
    const t = parse("image/png");
    assert.isEmpty(t.parameters);
    assert.notDeepEqual(t, { type: "image", subtype: "png", parameters: { q: "1" } });
    assert.include(t, { type: "image" });
  });

  for (const header of bad) {
    it(`rejects ${JSON.stringify(header)}`, () => {
      const e = assert.throws(() => parse(header), TypeError, /invalid/);
      assert.instanceOf(e, TypeError);
      assert.match(String(e), /^TypeError: invalid/);
    });
  }
});

describe("matches", () => {
  const html = parse("text/html");
  const svg = parse("image/svg+xml");
  for (let i = 0; i < 20; i++) {
    it(`matches wildcards, round ${i}`, () => {
      assert.isTrue(matches(html, "text/html"));
      assert.isTrue(matches(html, "*/*"));
      assert.isTrue(matches(html, "text/*"));
      assert.isFalse(matches(html, "image/*"));
      assert.isFalse(matches(svg, "text/*"));
      assert.ok(matches(svg, "image/svg+xml"));
      assert.notOk(matches(svg, "image/png"));
      assert.sameMembers(["a", "b"], ["b", "a"]);
      assert.doesNotThrow(() => matches(svg, "*/*"));
    });
  }
});
