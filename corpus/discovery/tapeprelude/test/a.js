require('tape')('x', (t) => t.end());
