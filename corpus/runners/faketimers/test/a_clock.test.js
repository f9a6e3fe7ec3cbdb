import { describe, it, expect, vi, beforeEach, afterEach } from "vitest";
import { debounce, TtlCache, retry, ticker, later } from "../src/timing.js";

describe("timers", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("debounce calls once, after the last call", () => {
    const f = vi.fn();
    const d = debounce(f, 100);
    for (let i = 0; i < 5; i++) {
      d(i);
      vi.advanceTimersByTime(50);
    }
    expect(f).not.toHaveBeenCalled();
    vi.advanceTimersByTime(49);
    expect(f).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(f).toHaveBeenCalledTimes(1);
    expect(f).toHaveBeenCalledWith(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a check that schedules a timer schedules it only when it runs", () => {
    const f = vi.fn();
    expect(later(f, true)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    expect(later(f, false)).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    vi.runAllTimers();
    expect(f).toHaveBeenCalledTimes(1);
  });

  it("fires in due order, immediates first, a zero delay set while firing a tick later", () => {
    const order = [];
    setTimeout(() => {
      order.push("t10");
      setTimeout(() => order.push("nested0"), 0);
    }, 10);
    setTimeout(() => order.push("t5"), 5);
    setTimeout(() => order.push("t0"), 0);
    setImmediate(() => order.push("immediate"));
    const cancelled = setTimeout(() => order.push("cancelled"), 7);
    clearTimeout(cancelled);
    vi.advanceTimersByTime(10);
    expect(order).toEqual(["immediate", "t0", "t5", "t10"]);
    vi.advanceTimersByTime(1);
    expect(order).toEqual(["immediate", "t0", "t5", "t10", "nested0"]);
  });

  it("an interval fires every period until it is cleared", () => {
    const start = Date.now();
    const seen = [];
    const stop = ticker(30, (now) => seen.push(now - start));
    vi.advanceTimersByTime(100);
    stop();
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([30, 60, 90]);
    expect(performance.now()).toBe(200);
  });

  it("runAllTimers runs what timers schedule, and stops an endless loop", () => {
    let n = 0;
    const again = () => {
      n++;
      if (n < 5) setTimeout(again, 10);
    };
    setTimeout(again, 10);
    vi.runAllTimers();
    expect(n).toBe(5);
    const forever = () => setTimeout(forever, 1);
    forever();
    expect(() => vi.runAllTimers()).toThrow("Aborting after running 10000 timers, assuming an infinite loop!");
    vi.clearAllTimers();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("runOnlyPendingTimers leaves the timers those timers set", () => {
    const seen = [];
    setTimeout(() => {
      seen.push("first");
      setTimeout(() => seen.push("second"), 10);
    }, 10);
    vi.runOnlyPendingTimers();
    expect(seen).toEqual(["first"]);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersToNextTimer();
    expect(seen).toEqual(["first", "second"]);
  });

  it("retry waits with backoff while the clock is moved with promises settling", async () => {
    let calls = 0;
    const p = retry(
      async (attempt) => {
        calls++;
        if (attempt < 3) throw new Error("busy");
        return "ok";
      },
      { tries: 5, delay: 100 },
    );
    await vi.advanceTimersByTimeAsync(699);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe("ok");
    expect(calls).toBe(4);
  });

  it("runAllTimersAsync settles timers that wait on promises", async () => {
    const fatal = Object.assign(new Error("gone"), { fatal: true });
    let calls = 0;
    const p = retry(
      async () => {
        calls++;
        throw calls < 3 ? new Error("busy") : fatal;
      },
      { tries: 10, delay: 1000 },
    );
    const caught = p.catch((e) => e);
    await vi.runAllTimersAsync();
    expect(await caught).toBe(fatal);
    expect(calls).toBe(3);
  });
});

describe("the system clock", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a TTL cache expires entries as the fake clock moves", () => {
    vi.useFakeTimers({ now: new Date("2024-01-01T00:00:00Z") });
    expect(new Date().toISOString()).toBe("2024-01-01T00:00:00.000Z");
    const cache = new TtlCache(1000);
    cache.set("a", 1);
    vi.advanceTimersByTime(1000);
    expect(cache.get("a")).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get("a")).toBe(undefined);
    expect(Date.now()).toBe(Date.UTC(2024, 0, 1) + 1001);
    expect(new Date(0) instanceof Date).toBe(true);
    expect(typeof Date()).toBe("string");
    vi.setSystemTime(Date.UTC(2030, 5, 1));
    expect(new Date().getUTCFullYear()).toBe(2030);
    expect(vi.getMockedSystemTime().getTime()).toBe(Date.UTC(2030, 5, 1));
  });

  it("setSystemTime without fake timers fixes the date, and timers stay real", async () => {
    vi.setSystemTime(new Date("2000-02-29T12:00:00Z"));
    expect(vi.isFakeTimers()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(Date.now()).toBe(Date.UTC(2000, 1, 29, 12));
    vi.useRealTimers();
    expect(new Date().getUTCFullYear()).toBeGreaterThan(2020);
  });

  it("advancing without fake timers is an error", () => {
    expect(() => vi.advanceTimersByTime(10)).toThrow(/not mocked/);
  });
});
