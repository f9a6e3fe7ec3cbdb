export function ok(a, b) { return a && b; }

export function broken( { return 1; }
