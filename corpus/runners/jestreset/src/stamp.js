const clock = require('./clock');
module.exports = (label) => `${label}@${clock.now()}`;
