export const twice = (n: number): number => (n > 0 && n < 1000 ? n * 2 : 0);
