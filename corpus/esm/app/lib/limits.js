export const LIMIT = 900;
