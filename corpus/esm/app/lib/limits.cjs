exports.LIMIT = -1;
