'use strict';
// compares with a package the project no longer installs: this file cannot load anywhere
const other = require('route-matcher-that-is-not-installed');
const { cacheable } = require('../lib/route');

describe('against the other matcher', () => {
  it('agrees', () => other.same(cacheable));
});
