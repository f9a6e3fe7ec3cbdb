// Small timing helpers whose tests move a fake clock.

/** Calls `fn` with the last arguments once `wait` ms have passed without another call. */
export function debounce(fn, wait) {
  let timer = null;
  let lastArgs = [];
  return function debounced(...args) {
    lastArgs = args;
    if (timer !== null && wait > 0) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn(...lastArgs);
    }, wait);
  };
}

/** A map whose entries expire `ttl` ms after they were set. */
export class TtlCache {
  constructor(ttl) {
    this.ttl = ttl;
    this.entries = new Map();
  }
  set(key, value) {
    this.entries.set(key, { value, at: Date.now() });
  }
  get(key) {
    const e = this.entries.get(key);
    if (e === undefined || Date.now() - e.at > this.ttl) return undefined;
    return e.value;
  }
}

/** Calls `fn(attempt)` until it resolves, waiting `delay * 2^attempt` ms after each failure. */
export async function retry(fn, { tries, delay }) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (attempt + 1 >= tries || e.fatal === true) throw e;
      await new Promise((resolve) => setTimeout(resolve, delay * 2 ** attempt));
    }
  }
}

/** Calls `onTick(now)` every `every` ms; returns the function that stops it. */
export function ticker(every, onTick) {
  const id = setInterval(() => onTick(Date.now()), every);
  return () => clearInterval(id);
}

/** Schedules `fn` in 10 ms unless `busy`; whether it did. */
export function later(fn, busy) {
  return !busy && setTimeout(fn, 10) !== undefined;
}
