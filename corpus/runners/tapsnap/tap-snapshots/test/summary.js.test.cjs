/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/summary.js TAP changed since it was recorded > stale 1`] = `
Object {
  "total": 30,
}
`

exports[`test/summary.js TAP outer inner > bumps 1`] = `
Array [
  "minor",
  "none",
]
`

exports[`test/summary.js TAP resolves first > a result 1`] = `
Object {
  "code": 0,
  "node": "@@NODE@@",
  "out": "1.2.3\\n",
  "signal": null,
}
`

exports[`test/summary.js TAP summarizes releases > must match snapshot 1`] = `
patch
`

exports[`test/summary.js TAP summarizes releases > sorted keys 1`] = `
Object {
  "a": Array [
    1,
    "two",
    Object {
      "nested": true,
    },
  ],
  "m": "one line\\n",
  "z": 1,
}
`

exports[`test/summary.js TAP summarizes releases > the summary 1`] = `
Object {
  "counts": Map {
    "major" => 10,
    "minor" => 10,
    "patch" => 10,
  },
  "empty": Array [],
  "none": null,
  "notes": String(
    first line
    second "quoted" line
    
  ),
  "seen": Set {
    "2.0.0",
    "1.3.0",
    "1.2.4",
  },
  "total": 30,
}
`
