export const sep = '/';
