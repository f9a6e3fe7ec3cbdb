import { it, expect, vi } from "vitest";
import { debounce } from "../src/timing.js";

it("starts with real timers after a file that left them faked", async () => {
  expect(vi.isFakeTimers()).toBe(false);
  const seen = [];
  const d = debounce((x) => seen.push(x), 1);
  d("a");
  d("b");
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(seen).toEqual(["b"]);
});
