export const flavour = 'esm';
