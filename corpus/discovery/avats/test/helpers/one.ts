export const one = (): number => 1;
