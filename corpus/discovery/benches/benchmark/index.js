// a plain timing loop, as many libraries ship
const { lex } = require('../src/lex');
const input = 'abc123 '.repeat(1000);
const start = process.hrtime.bigint();
for (let i = 0; i < 20; i++) lex(input);
console.log('lex', Number(process.hrtime.bigint() - start) / 1e6, 'ms');
