export const twice = (x: number) => 2 * x;
