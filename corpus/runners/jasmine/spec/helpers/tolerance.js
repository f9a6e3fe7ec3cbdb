// a jasmine helper: loaded before every spec file
global.TOLERANCE = 0.5;
