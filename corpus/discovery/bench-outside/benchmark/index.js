'use strict';
// the scores come from a fixture the repository keeps beside the project
const fs = require('fs');
const path = require('path');
const Benchmark = require('benchmark');
const { grade } = require('../lib/grade');

const scores = fs.readFileSync(path.join(__dirname, '..', '..', 'bench-outside.fixture.txt'), 'utf8')
  .trim().split(/\s+/).map(Number);
new Benchmark.Suite('grades')
  .add('a class', () => scores.map(grade).join(''))
  .run();
