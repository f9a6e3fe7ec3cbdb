const ms = require('ms');
const os = require('os');
module.exports = {
  timeout: (text) => (text && text.length > 0 ? ms(text) : 0),
  describe: (n) => ms(n),
  where: () => os.platform(),
};
