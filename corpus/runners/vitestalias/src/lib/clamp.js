export const clamp = (n, max) => (n > max ? max : n);
