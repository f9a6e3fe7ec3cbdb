'use strict';
// a benchmark of a build nobody ran: its module is missing, so every case fails
const Benchmark = require('benchmark');
const built = require('../dist/pick.js');
new Benchmark.Suite().add('pick', () => built.pick('abcd', 'efgh')).run();
