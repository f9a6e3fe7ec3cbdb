import { delays, defaults, RetryOptions } from "./index";

describe("delays", () => {
  it("grows by the factor", () => {
    const options: RetryOptions = { tries: 4, factor: 3 };
    expect(delays(options)).toEqual([100, 300, 900]);
  });

  it("keeps the first delay with a factor of one", () => {
    expect(delays({ tries: 3, factor: 1 })).toEqual([100, 100]);
  });

  it("uses the defaults", () => {
    expect(defaults.tries).toBe(3);
    expect(delays({})).toEqual([100, 200]);
    expect(delays({ tries: 0 })).toEqual([]);
  });
});
