import { it, expect, vi } from "vitest";
import { debounce } from "../src/timing.js";

vi.useFakeTimers();

it("keeps the timers its file faked at its top level", () => {
  expect(vi.isFakeTimers()).toBe(true);
  const seen = [];
  const d = debounce((x) => seen.push(x), 50);
  d("a");
  vi.advanceTimersByTime(60);
  expect(seen).toEqual(["a"]);
});
