/* tap snapshot: not a test */
exports[`test/a.js TAP > one 1`] = `\nok\n`
