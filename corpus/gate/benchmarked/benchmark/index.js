'use strict';
// The maintainers' benchmark (benchmark.js): handling the media types of a day's responses, where
// models and errors make up most of them.
const Benchmark = require('benchmark');
const { handling } = require('../lib/media');

const base = 'application/vnd.' + 'example.';
// of every 20 responses: 11 models, 6 errors, one each of three rarer types
const day = ['model+json', 'error+json', 'event+json', 'image+png', 'font+woff'];
const mix = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 3, 4];
const responses = [];
for (let i = 0; i < 3000; i++) responses.push(base + day[mix[(i * 7) % 20]]);

new Benchmark.Suite('media')
  .add('a day of responses', () => {
    let parsed = 0;
    for (const t of responses) if (handling(t) === 'parse') parsed++;
    return parsed;
  })
  .on('cycle', (event) => console.log(String(event.target)))
  .run();
