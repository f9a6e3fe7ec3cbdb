/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/snap.js > TAP > a > kind 1`] = `
abother
`

exports[`test/snap.js > TAP > b > kind 1`] = `
abother
`

exports[`test/snap.js > TAP > c > kind 1`] = `
otherother
`
