'use strict';
require('assert').strictEqual(1 + 1, 2);
