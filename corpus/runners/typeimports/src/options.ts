export interface IRetryOptions {
  tries: number;
  factor: number;
}

export type RetryOptions = Partial<IRetryOptions>;

export const defaults: IRetryOptions = { tries: 3, factor: 2 };

export function sanitize(options: RetryOptions): IRetryOptions {
  const merged = { ...defaults, ...options };
  if (merged.tries < 1 || !Number.isFinite(merged.tries)) merged.tries = 1;
  return merged;
}
