export const h = 1;
