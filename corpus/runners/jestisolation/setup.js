require('./lib/clock').tick();
