exports.flavour = 'cjs';
