import './common.js';
globalThis.fromSetup = 3;
