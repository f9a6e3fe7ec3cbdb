import { delays, defaults, RetryOptions, Shape } from "./index";

describe("delays", () => {
  it("grows by the factor", () => {
    const options: RetryOptions = { tries: 4, factor: 3 };
    expect(delays(options)).toEqual([100, 300, 900]);
  });

  it("keeps the first delay with a factor of one", () => {
    expect(delays({ tries: 3, factor: 1 })).toEqual([100, 100]);
  });

  it("compares errors by message, and map keys by value", () => {
    const shape: Shape = { kind: "error" };
    const thrown = new Error("no tries left");
    thrown.name = "Error";
    expect({ e: thrown, shape }).toEqual({ e: new Error("no tries left"), shape });
    expect(new Error("a")).not.toEqual(new Error("b"));
    expect(new TypeError("a")).toEqual(new Error("a"));
    const byKey = new Map([[new Set([1, 2]), [delays({ tries: 2 })]]]);
    expect(byKey).toEqual(new Map([[new Set([2, 1]), [[100]]]]));
    expect(byKey).not.toEqual(new Map([[new Set([2, 3]), [[100]]]]));
    expect(byKey).not.toEqual(new Map([[new Set([1, 2]), [[200]]]]));
  });

  it("uses the defaults", () => {
    expect(defaults.tries).toBe(3);
    expect(delays({})).toEqual([100, 200]);
    expect(delays({ tries: 0 })).toEqual([]);
  });
});
