import { it, expect, vi } from "vitest";

// leaves the timers faked: the next test file must still start with real ones
it("fakes the timers and does not restore them", () => {
  vi.useFakeTimers();
  expect(vi.isFakeTimers()).toBe(true);
});
