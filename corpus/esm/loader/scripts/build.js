// a build step scripts.test runs first: not a test (discovery passes over it); it writes a file
const fs = require('fs');
fs.mkdirSync(`${__dirname}/../dist`, { recursive: true });
fs.writeFileSync(`${__dirname}/../dist/built.txt`, 'built\n');
