export const name = 'manual store';
