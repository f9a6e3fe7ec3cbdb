exports.clamp = (n, max) => (n > max ? max : n);
