require('tap').pass('ok');
