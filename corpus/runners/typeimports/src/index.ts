import { IRetryOptions, RetryOptions, sanitize } from "./options";
import { Shape, Shapes } from "./shapes";
export { IRetryOptions, RetryOptions, Shape, Shapes };
export { defaults } from "./options";

/** The delays before each retry. */
export function delays(options: RetryOptions): number[] {
  const o: IRetryOptions = sanitize(options);
  const out: number[] = [];
  for (let i = 1; i < o.tries; i++) {
    out.push(o.factor > 1 && i > 1 ? out[i - 2] * o.factor : 100);
  }
  return out;
}
