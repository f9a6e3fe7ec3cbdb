export const name = 'real store';
