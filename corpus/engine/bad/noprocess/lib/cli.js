'use strict';
const childProcess = require('node:child_process'); // only run() uses it
const { isMainThread } = require('worker_threads');

exports.isFlag = (s) => typeof s === 'string' && s.length > 1 && s[0] === '-';
exports.run = (cmd) => childProcess.spawnSync(cmd, ['--version']).status;
exports.main = () => isMainThread;
