exports.rank = (a, b) => (a.length > 3 && b.length > 3 ? a.length - b.length : 0);
