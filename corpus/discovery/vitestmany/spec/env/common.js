globalThis.shout = (s) => s.toUpperCase() + '!';
