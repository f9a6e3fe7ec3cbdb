exports.sum = (a, b) => a + b;
