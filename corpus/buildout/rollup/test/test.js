#!/usr/bin/env node
"use strict";
// a plain script, as commonmark.js's: it requires the package (its main, the bundle)
var assert = require("assert");
var shipping = require("..").shipping;

assert.strictEqual(shipping({ total: 80, items: 2, customer: "ada" }), 0);
var sum = 0;
for (var i = 0; i < 300; i++) sum += shipping({ total: i % 120, items: i % 25, customer: "c" + i });
assert.strictEqual(sum, 1254);
console.log("2 checks passed");
