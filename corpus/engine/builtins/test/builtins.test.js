const assert = require('assert');
it('url', () => {
  const u = new URL('https://user:pw@example.com:8080/a/b?x=1&y=2#frag');
  assert.strictEqual(u.hostname, 'example.com'); assert.strictEqual(u.port, '8080'); assert.strictEqual(u.searchParams.get('y'), '2');
  u.searchParams.set('z', '3'); assert.strictEqual(u.search, '?x=1&y=2&z=3');
  u.pathname = '/c'; assert.strictEqual(u.href, 'https://user:pw@example.com:8080/c?x=1&y=2&z=3#frag');
  assert.strictEqual(new URL('../d', 'http://h/a/b/c').href, 'http://h/a/d');
  const url = require('url'); assert.strictEqual(url.fileURLToPath('file:///tmp/a%20b'), '/tmp/a b');
  assert.strictEqual(url.parse('http://a.com/p?q=1', true).query.q, '1');
  assert.throws(() => new URL('nope'), TypeError);
});
it('querystring', () => { const qs = require('querystring'); assert.deepStrictEqual({ ...qs.parse('a=1&b=2&a=3') }, { a: ['1', '3'], b: '2' }); assert.strictEqual(qs.stringify({ x: 'a b', y: [1, 2] }), 'x=a%20b&y=1&y=2'); });
it('crypto', () => {
  const c = require('crypto');
  assert.strictEqual(c.createHash('sha256').update('abc').digest('hex'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.strictEqual(c.createHash('md5').update('abc').digest('hex'), '900150983cd24fb0d6963f7d28e17f72');
  assert.strictEqual(c.createHmac('sha256', 'key').update('The quick brown fox jumps over the lazy dog').digest('hex'), 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
  assert.strictEqual(c.randomBytes(8).length, 8); assert.match(c.randomUUID(), /^[0-9a-f-]{36}$/);
});
it('zlib', () => { const z = require('zlib'); const g = z.gzipSync('hello hello hello'); assert.strictEqual(z.gunzipSync(g).toString(), 'hello hello hello'); assert.strictEqual(z.inflateSync(z.deflateSync(Buffer.from('x'))).toString(), 'x'); });
it('stream', (done) => {
  const { Readable, Transform, Writable, pipeline } = require('stream');
  const out = [];
  pipeline(Readable.from(['a', 'b', 'c']), new Transform({ objectMode: true, transform(c, e, cb) { cb(null, c.toUpperCase()); } }), new Writable({ objectMode: true, write(c, e, cb) { out.push(c); cb(); } }), (err) => { assert.ifError(err); assert.deepStrictEqual(out, ['A', 'B', 'C']); done(); });
});
it('string_decoder', () => { const { StringDecoder } = require('string_decoder'); const d = new StringDecoder('utf8'); const b = Buffer.from('€'); assert.strictEqual(d.write(b.subarray(0, 1)) + d.write(b.subarray(1)) + d.end(), '€'); });
it('globals', () => { assert.strictEqual(new TextDecoder().decode(new TextEncoder().encode('hé')), 'hé'); assert.strictEqual(atob(btoa('hi')), 'hi'); const c = new AbortController(); let n = 0; c.signal.addEventListener('abort', () => n++); c.abort(); assert.strictEqual(n, 1); assert.ok(c.signal.aborted); const e = {}; Error.captureStackTrace(e); assert.ok(typeof e.stack === 'string'); });
it('error stacks in V8 layout', () => {
  assert.match(new RangeError('out').stack, /^RangeError: out\n\s+at /);
  const e = { name: 'Custom', message: 'made' };
  Error.captureStackTrace(e);
  assert.match(e.stack, /^Custom: made/);
  // with a function, the frames from its call up are left out
  function innerHelper() { const o = {}; Error.captureStackTrace(o, innerHelper); return o.stack; }
  function outerCaller() { return innerHelper(); }
  const stack = outerCaller();
  assert.ok(!/innerHelper/.test(stack) && /outerCaller/.test(stack), stack);
  assert.strictEqual(require('os').constants.signals.SIGTERM, 15);
  assert.strictEqual(new Date('Fri, 23-Jun-2028 22:30:26 GMT').toISOString(), '2028-06-23T22:30:26.000Z');
});
it('legacy date strings and the Buffer constructor', () => {
  const forms = {
    '2016/03/10': [2016, 2, 10, 0, 0, 0],
    '3/10/2016': [2016, 2, 10, 0, 0, 0],
    'December 17, 1995 03:24:00': [1995, 11, 17, 3, 24, 0],
    '10 Mar 2016': [2016, 2, 10, 0, 0, 0],
    'Mar 10, 2016 10:00 PM': [2016, 2, 10, 22, 0, 0],
    '2016/3/1 8:05:09': [2016, 2, 1, 8, 5, 9]
  };
  for (const [text, parts] of Object.entries(forms)) assert.strictEqual(new Date(text).getTime(), new Date(...parts).getTime(), text);
  assert.strictEqual(Date.parse('Fri Dec 20 2013 16:21:18 GMT-0800 (PST)'), 1387585278000);
  // V8's rules to the letter: a zone's name, a four-digit offset, a year that defaults to 2001,
  // a fraction of a second, and nothing read after an unknown word that follows a number
  assert.strictEqual(Date.parse('Tue Mar 01 2022 11:30:00 PST'), 1646163000000);
  assert.strictEqual(Date.parse('Mon, 25 Dec 1995 13:30:00 +0430'), 819882000000);
  assert.strictEqual(Date.parse('2018-01-01t00:00:00z'), 1514764800000);
  assert.strictEqual(new Date('2018-01-01T00:00:00z').getTime(), 1514764800000);
  assert.strictEqual(new Date('12/25').getTime(), new Date(2001, 11, 25).getTime());
  assert.strictEqual(new Date('2019-01-25 10:30:15.250').getTime(), new Date(2019, 0, 25, 10, 30, 15, 250).getTime());
  assert.ok(Number.isNaN(Date.parse('Dec 25, 1995 garbage')));
  class Later extends Date { later() { return this.getTime() + 1; } }
  assert.strictEqual(new Later('1970-01-01T00:00:00.005Z').later(), 6);
  assert.ok(Number.isNaN(new Date('garbage').getTime()));
  assert.ok(new Date(0) instanceof Date && new Date(0).constructor === Date && typeof Date() === 'string');
  assert.deepStrictEqual(new Buffer('hello'), Buffer.from('hello'));
  assert.deepStrictEqual([...new Buffer([1, 2])], [1, 2]);
});
it('a tick queued by a promise job runs before a later timer', (done) => {
  const order = [];
  Promise.resolve().then(() => process.nextTick(() => order.push('tick')));
  setTimeout(() => {
    order.push('timer');
    assert.deepStrictEqual(order, ['tick', 'timer']);
    done();
  }, 50);
});
it('a regular expression rebuilt from its source matches what the original matches', () => {
  const sources = [
    [/a\/b/, 'a\\/b'],
    [/[/]x/, '[/]x'],
    [new RegExp('a/b'), 'a\\/b'],
    [new RegExp('\\\\/'), '\\\\\\/'],
    [new RegExp('[\\]/]/'), '[\\]/]\\/'],
    [new RegExp('\n'), '\\n'],
    [new RegExp(''), '(?:)']
  ];
  for (const [re, source] of sources) assert.strictEqual(re.source, source, String(re));
  const url = /^https?:\/\/[^/]+\/x$/;
  assert.ok(new RegExp(url.source).test('http://host/x'));
  assert.strictEqual(String(/[/]\//g), '/[/]\\//g');
  assert.strictEqual(RegExp.prototype.source, '(?:)');
  assert.throws(() => Object.getOwnPropertyDescriptor(RegExp.prototype, 'source').get.call({}), TypeError);
});
it('Buffer is node\'s: callable without new, statics enumerable, binary reads and writes', () => {
  const copied = {};
  for (const k in Buffer) if (Object.prototype.hasOwnProperty.call(Buffer, k)) copied[k] = Buffer[k];
  assert.strictEqual(copied.from, Buffer.from);
  assert.ok(Buffer('ab').equals(Buffer.from('ab')) && Buffer(3).length === 3 && Buffer(3) instanceof Buffer);
  assert.strictEqual(require('buffer').kMaxLength, 4294967296);
  const b = Buffer.alloc(16);
  assert.strictEqual(b.writeUInt32BE(0xdeadbeef, 0), 4);
  assert.strictEqual(b.readUInt32BE(0), 0xdeadbeef);
  assert.strictEqual(b.readUint16LE(0), 0xadde);
  b.writeInt16LE(-2, 4);
  assert.strictEqual(b.readInt16LE(4), -2);
  b.writeDoubleBE(1.5, 8);
  assert.strictEqual(b.readDoubleBE(8), 1.5);
  b.writeUIntBE(0x010203, 5, 3);
  assert.strictEqual(b.readUIntBE(5, 3), 0x010203);
  assert.strictEqual(b.readIntLE(5, 3), 0x030201);
  assert.throws(() => b.readUInt32LE(14), { code: 'ERR_OUT_OF_RANGE' });
  assert.throws(() => b.writeUInt8(256, 0), { code: 'ERR_OUT_OF_RANGE' });
  const s = Buffer.from('hello world');
  const view = s.slice(6);
  view[0] = 0x57;
  assert.strictEqual(s.toString(), 'hello World');
  assert.ok(view instanceof Buffer);
  assert.strictEqual(s.indexOf('o'), 4);
  assert.strictEqual(s.lastIndexOf('o'), 7);
  assert.ok(s.includes('World') && !s.includes('xyz'));
  const t = Buffer.alloc(5);
  assert.strictEqual(s.copy(t, 1, 0, 3), 3);
  assert.deepStrictEqual([...t], [0, 104, 101, 108, 0]);
  assert.strictEqual(Buffer.alloc(5).fill('ab').toString(), 'ababa');
  assert.deepStrictEqual([...Buffer.from([1, 2, 3, 4]).swap16()], [2, 1, 4, 3]);
  assert.strictEqual(Buffer.from('b').compare(Buffer.from('a')), 1);
});
it('vm runs code in this realm; a new context is refused when asked for', () => {
  const vm = require('vm');
  assert.strictEqual(vm.runInThisContext('1 + 2'), 3);
  assert.strictEqual(new vm.Script('"s".repeat(2)').runInThisContext(), 'ss');
  let context = null;
  try {
    context = vm.createContext({});
  } catch (e) {
    assert.match(e.message, /vm\.createContext is not available in the embedded engine: no second realm/);
  }
  if (context !== null) assert.ok(vm.isContext(context));
});
it('JSON.parse gives V8\'s values and error messages', () => {
  assert.strictEqual(JSON.parse('9.9e10000'), Infinity);
  assert.strictEqual(JSON.parse(' -1E400 '), -Infinity);
  const deep = JSON.parse('['.repeat(300) + ']'.repeat(300));
  assert.ok(Array.isArray(deep[0][0]));
  assert.deepStrictEqual(JSON.parse('{"a":[1,{"b":2}],"c":3}', (k, v) => (k === 'c' ? undefined : v)), { a: [1, { b: 2 }] });
  const messages = {
    '{ ': "Expected property name or '}' in JSON at position 2",
    '[': 'Unexpected end of JSON input',
    '[1]?': 'Unexpected non-whitespace character after JSON at position 3',
    '{"a":1,}': 'Expected double-quoted property name in JSON at position 7',
    '{"a" 1}': "Expected ':' after property name in JSON at position 5",
    '{"a":1,"b" 2}': 'Unexpected number in JSON at position 11',
    '[1 2]': "Expected ',' or ']' after array element in JSON at position 3",
    '{"a":1': "Expected ',' or '}' after property value in JSON at position 6",
    '"abc': 'Unterminated string in JSON at position 4',
    '"\\q"': 'Bad escaped character in JSON at position 2',
    '"\\u12x4"': 'Bad Unicode escape in JSON at position 5',
    '"a\u0001"': 'Bad control character in string literal in JSON at position 2',
    '01': 'Unexpected number in JSON at position 1',
    '1.': 'Unterminated fractional number in JSON at position 2',
    '1e+': 'Exponent part is missing a number in JSON at position 3',
    '-x': 'No number after minus sign in JSON at position 1',
    'undefined': '"undefined" is not valid JSON',
    '[1,]': 'Unexpected token \']\', "[1,]" is not valid JSON',
    'abcdefghijklmnopqrstuvwxyz': 'Unexpected token \'a\', "abcdefghij"... is not valid JSON',
    '[1,2,3,4,5,6,x,7,8,9,1,2,3]': 'Unexpected token \'x\', ..."2,3,4,5,6,x,7,8,9,1,"... is not valid JSON',
    '[1,2,3,4,5,6,7,8,9,x]': 'Unexpected token \'x\', ..."5,6,7,8,9,x]" is not valid JSON'
  };
  for (const [text, message] of Object.entries(messages)) {
    assert.throws(() => JSON.parse(text), (e) => e instanceof SyntaxError && e.message === message, text);
  }
});
it('events.getEventListeners reads an emitter and an EventTarget', () => {
  const { getEventListeners, EventEmitter } = require('events');
  const c = new AbortController();
  const f = () => {};
  c.signal.addEventListener('abort', f);
  c.signal.addEventListener('abort', f);
  assert.deepStrictEqual(getEventListeners(c.signal, 'abort'), [f]);
  const e = new EventEmitter();
  e.on('x', f);
  assert.deepStrictEqual(getEventListeners(e, 'x'), [f]);
});
it("an Error subclass's stack starts below its constructors, as V8's does", () => {
  class Base extends TypeError { constructor(m) { super(m); } }
  class Leaf extends Base { constructor() { super('leaf'); } }
  function thrower() { throw new Leaf(); }
  let stack = '';
  try { thrower(); } catch (e) { stack = e.stack; }
  const lines = stack.split('\n');
  assert.strictEqual(lines[0], 'TypeError: leaf');
  assert.ok(/^\s+at thrower /.test(lines[1]), stack);
});
it('an EventTarget keeps thousands of listeners in order, each once', () => {
  const c = new AbortController();
  const calls = [];
  const fns = [];
  for (let i = 0; i < 3000; i++) {
    const f = () => calls.push(i);
    fns.push(f);
    c.signal.addEventListener('abort', f);
  }
  c.signal.addEventListener('abort', fns[5]);
  fns.forEach((f, i) => { if (i % 2 === 1) c.signal.removeEventListener('abort', f); });
  c.signal.addEventListener('abort', () => calls.push('once'), { once: true });
  c.abort();
  assert.strictEqual(calls.length, 1501);
  assert.deepStrictEqual(calls.slice(0, 3), [0, 2, 4]);
  assert.strictEqual(calls[1500], 'once');
});
it('util.styleText and util.formatWithOptions', () => {
  const util = require('util');
  // output is not a terminal here: one style only when asked not to check the stream
  assert.strictEqual(util.styleText('red', 'x'), 'x');
  assert.strictEqual(JSON.stringify(util.styleText('red', 'x', { validateStream: false })), JSON.stringify('\u001b[31mx\u001b[39m'));
  assert.strictEqual(JSON.stringify(util.styleText(['bold', 'red'], 'y')), JSON.stringify('\u001b[1m\u001b[31my\u001b[39m\u001b[22m'));
  assert.throws(() => util.styleText('nope', 'x'), (e) => e.code === 'ERR_INVALID_ARG_VALUE');
  assert.strictEqual(util.formatWithOptions({ colors: false }, '%s=%d', 'a', 2), 'a=2');
  assert.throws(() => util.formatWithOptions(null, 'x'), (e) => e.code === 'ERR_INVALID_ARG_TYPE');
});
it('readline reads lines, answers questions and moves the cursor', async () => {
  const readline = require('readline');
  const { Readable, PassThrough } = require('stream');
  const lines = [];
  const rl = readline.createInterface({ input: Readable.from(['a\nb', '\r\nc\rd', 'e']) });
  rl.on('line', (l) => lines.push(l));
  await new Promise((done) => rl.on('close', done));
  assert.deepStrictEqual(lines, ['a', 'b', 'c', 'de']);
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (d) => { shown += d; });
  const asked = readline.createInterface({ input, output });
  const answer = new Promise((resolve) => asked.question('name? ', resolve));
  input.write('ada\n');
  assert.strictEqual(await answer, 'ada');
  asked.close();
  assert.strictEqual(shown, 'name? ');
  const iterated = [];
  for await (const l of readline.createInterface({ input: Readable.from(['x\ny\n']) })) iterated.push(l);
  assert.deepStrictEqual(iterated, ['x', 'y']);
  const { createInterface } = require('readline/promises');
  const pin = new PassThrough();
  const prl = createInterface({ input: pin, output: new PassThrough() });
  const p = prl.question('? ');
  pin.write('yes\n');
  assert.strictEqual(await p, 'yes');
  prl.close();
  const cursor = new PassThrough();
  let moved = '';
  cursor.on('data', (d) => { moved += d; });
  readline.cursorTo(cursor, 2);
  readline.cursorTo(cursor, 1, 3);
  readline.moveCursor(cursor, -1, 2);
  readline.clearLine(cursor, 0);
  await new Promise((r) => setImmediate(r));
  assert.strictEqual(JSON.stringify(moved), JSON.stringify('\u001b[3G\u001b[4;2H\u001b[1D\u001b[2B\u001b[2K'));
});
it('fs.constants, also on fs/promises', () => {
  const fs = require('fs');
  const { F_OK, R_OK, W_OK, X_OK, O_CREAT, S_IFDIR } = fs.constants;
  assert.deepStrictEqual([F_OK, R_OK, W_OK, X_OK, O_CREAT, S_IFDIR], [0, 4, 2, 1, 64, 16384]);
  assert.strictEqual(require('fs/promises').constants, fs.constants);
});

describe('path.win32', function () {
  it('reads Windows paths as node does', function () {
    const w = require('path').win32;
    assert.strictEqual(w.sep, '\\');
    assert.strictEqual(w.delimiter, ';');
    assert.strictEqual(require('path').posix.win32, w);
    assert.strictEqual(w.normalize('C:\\a\\..\\b/c'), 'C:\\b\\c');
    assert.strictEqual(w.normalize('\\a\\.\\b\\'), '\\a\\b\\');
    assert.strictEqual(w.normalize('a\\..\\..\\b'), '..\\b');
    assert.strictEqual(w.join('a', 'b\\c', '..\\d'), 'a\\b\\d');
    assert.strictEqual(w.basename('C:\\x\\y.txt', '.txt'), 'y');
    assert.strictEqual(w.dirname('C:\\x\\y.txt'), 'C:\\x');
    assert.strictEqual(w.dirname('C:\\x'), 'C:\\');
    assert.strictEqual(w.dirname('x'), '.');
    assert.strictEqual(w.extname('a\\b.c.d'), '.d');
    assert.deepStrictEqual(['C:\\x', 'x\\y', '/x'].map(w.isAbsolute), [true, false, true]);
  });
});

describe('console', function () {
  it('writes through process.stdout.write, as node does', function () {
    const write = process.stdout.write;
    let captured = '';
    process.stdout.write = function (s) { captured += s; return true; };
    try {
      console.log('hello %s', 'there');
      console.info({ a: 1 });
    } finally {
      process.stdout.write = write;
    }
    assert.strictEqual(captured, "hello there\n{ a: 1 }\n");
  });
});
it('a test may delete built-ins the runtime uses, and put them back', () => {
  const RealMap = Map, RealSet = Set;
  delete globalThis.Map;
  delete globalThis.Set;
  const kinds = [{}, null, 3].map(require('../lib/kind.js'));
  globalThis.Map = RealMap;
  globalThis.Set = RealSet;
  assert.deepStrictEqual(kinds, ['object', 'other', 'other']);
});
it('util.inspect calls an object\'s own [util.inspect.custom]', () => {
  const util = require('util');
  const money = { cents: 1250, [util.inspect.custom](depth, options, inspect) { return 'Money<' + inspect(this.cents / 100) + '>'; } };
  assert.strictEqual(util.inspect(money), 'Money<12.5>');
  assert.strictEqual(util.inspect({ price: money }), '{ price: Money<12.5> }');
  const wrapped = { [util.inspect.custom]() { return [Symbol('s'), []]; } };
  assert.strictEqual(util.inspect(wrapped), '[ Symbol(s), [] ]');
  const depths = [];
  const probe = { [util.inspect.custom](depth) { depths.push(depth); return 'p'; } };
  util.inspect({ a: { b: probe } });
  assert.deepStrictEqual(depths, [0]);
});
it('a binary file reads as its bytes, in any encoding', () => {
  const fs = require('fs');
  const file = require('path').join(__dirname, 'bytes.bin');
  const want = [0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28];
  assert.deepStrictEqual(Array.from(fs.readFileSync(file)), want);
  assert.strictEqual(fs.readFileSync(file, 'hex'), '1f8b0800fffe0080c328');
  assert.strictEqual(fs.readFileSync(file, { encoding: 'base64' }), 'H4sIAP/+AIDDKA==');
  assert.strictEqual(fs.readFileSync(file, 'latin1').length, 10);
  assert.strictEqual(fs.statSync(file).size, 10);
});
it('process.chdir moves where relative paths resolve, and refuses a missing folder', () => {
  const fs = require('fs');
  const start = process.cwd();
  process.chdir(__dirname);
  try {
    assert.strictEqual(process.cwd(), __dirname);
    assert.strictEqual(fs.readFileSync('bytes.bin').length, 10);
    assert.throws(() => process.chdir('no-such-folder'), (e) => e.code === 'ENOENT' && e.syscall === 'chdir');
    assert.strictEqual(process.cwd(), __dirname);
  } finally {
    process.chdir(start);
  }
  assert.strictEqual(process.cwd(), start);
});
it("the legacy 'constants' module and a sloppy function's arguments and caller", () => {
  const constants = require('constants');
  const fs = require('fs'), os = require('os');
  assert.strictEqual(constants.O_RDONLY, fs.constants.O_RDONLY);
  assert.strictEqual(constants.O_WRONLY, fs.constants.O_WRONLY);
  assert.strictEqual(constants.ENOENT, os.constants.errno.ENOENT);
  assert.strictEqual(constants.SIGINT, os.constants.signals.SIGINT);
  function sloppy() { return 1; }
  assert.strictEqual(sloppy.arguments, null);
  assert.strictEqual(sloppy.caller, null);
});
it('fs streams read and write through the files the run sees', async () => {
  const fs = require('fs'), os = require('os'), path = require('path');
  const file = path.join(os.tmpdir(), 'decisionprof-builtins-' + process.pid + '.txt');
  await new Promise((resolve, reject) => {
    const out = fs.createWriteStream(file);
    out.on('error', reject);
    out.on('finish', resolve);
    out.write('alpha ');
    out.end(Buffer.from('beta'));
  });
  assert.strictEqual(fs.readFileSync(file, 'utf8'), 'alpha beta');
  const chunks = [];
  await new Promise((resolve, reject) => {
    fs.createReadStream(file, { encoding: 'utf8', start: 2, end: 7 })
      .on('data', (c) => chunks.push(c)).on('error', reject).on('end', resolve);
  });
  assert.strictEqual(chunks.join(''), 'pha be');
  const missing = await new Promise((resolve) => {
    fs.createReadStream(file + '.none').on('error', resolve);
  });
  assert.strictEqual(missing.code, 'ENOENT');
  fs.unlinkSync(file);
});
it('a module a test writes is required as written', () => {
  const fs = require('fs'), os = require('os'), path = require('path');
  const dir = path.join(os.tmpdir(), 'decisionprof-written-' + process.pid);
  const pkg = path.join(dir, 'node_modules', 'config-fixture');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: 'config-fixture', main: 'main.js' }));
  fs.writeFileSync(path.join(pkg, 'main.js'), 'module.exports = { browsers: ["ie 11"], from: __filename };');
  fs.writeFileSync(path.join(dir, 'data.json'), '{"n": 3}');
  try {
    const found = require(require.resolve('config-fixture', { paths: [dir] }));
    assert.deepStrictEqual(found.browsers, ['ie 11']);
    assert.strictEqual(found.from, path.join(pkg, 'main.js'));
    assert.strictEqual(require(path.join(dir, 'data.json')).n, 3);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
it('a variable on the left of an operator is read before the right operand assigns it', () => {
  const { depth, sumTwice } = require('../lib/depth.js');
  assert.strictEqual(depth('/a/b/c'), 4);
  assert.strictEqual(sumTwice(1), 7);
  let y = 1;
  assert.strictEqual(y !== (y = 2), true);
});
it('a constructor may read the value of super(…) further', () => {
  const { Doubling } = require('../lib/depth.js');
  assert.deepStrictEqual(new Doubling(4), { v: 8 });
});
it('a loader registered in require.extensions loads files of its extension', () => {
  const fs = require('fs'), path = require('path');
  require.extensions['.txtjson'] = function (module, filename) {
    module._compile('module.exports = ' + fs.readFileSync(filename, 'utf8'), filename);
  };
  try {
    assert.deepStrictEqual(require('./data.txtjson'), { a: 1, list: [2, 3] });
    assert.strictEqual(require.resolve('./data'), path.join(__dirname, 'data.txtjson'));
    assert.strictEqual(typeof require.extensions['.js'], 'function');
  } finally {
    delete require.extensions['.txtjson'];
  }
});
it('a function made by new Function reads as V8 writes it', () => {
  const add = new Function('a', 'b', 'return a + b');
  assert.strictEqual(add.toString(), 'function anonymous(a,b\n) {\nreturn a + b\n}');
  assert.strictEqual((0, eval)('(' + add.toString() + ')')(2, 3), 5);
  assert.strictEqual(Function('return 1').toString(), 'function anonymous(\n) {\nreturn 1\n}');
  assert.strictEqual((function () {}).constructor, Function);
  assert.ok(add instanceof Function);
  assert.strictEqual(Function('return this')(), globalThis);
  assert.strictEqual(Function.prototype.constructor, Function);
});
it('string search from a position, in long strings too', () => {
  const s = 'ab\nab\n€b\nab';
  assert.strictEqual(s.indexOf('\n', 3), 5); assert.strictEqual(s.indexOf('b', -4), 1); assert.strictEqual(s.indexOf('', 99), 11);
  assert.strictEqual(s.indexOf('€', 1.9), 6); assert.strictEqual(s.indexOf('a', NaN), 0); assert.strictEqual(s.indexOf('zz'), -1);
  assert.strictEqual('null'.indexOf(null), 0); assert.strictEqual('a1b'.indexOf(1), 1); assert.strictEqual(s.indexOf('b', '4'), 4);
  assert.ok(s.includes('€b', 6)); assert.ok(!s.includes('€b', 7)); assert.throws(() => s.includes(/a/), TypeError);
  assert.deepStrictEqual(s.split('\n'), ['ab', 'ab', '€b', 'ab']); assert.deepStrictEqual('a,,b,'.split(','), ['a', '', 'b', '']);
  assert.deepStrictEqual(''.split(','), ['']); assert.deepStrictEqual('abc'.split(''), ['a', 'b', 'c']); assert.deepStrictEqual('a,b,c'.split(',', 2), ['a', 'b']);
  assert.deepStrictEqual('a1b1c'.split(/1/), ['a', 'b', 'c']); assert.deepStrictEqual('abc'.split('abcd'), ['abc']); assert.deepStrictEqual('x'.split(undefined), ['x']);
  assert.strictEqual('a.b.c'.replaceAll('.', '/'), 'a/b/c'); assert.strictEqual('aaa'.replaceAll('aa', 'b'), 'ba'); assert.strictEqual('ab'.replaceAll('', '-'), '-a-b-');
  assert.strictEqual('a.b'.replaceAll('.', '$&$&'), 'a..b'); assert.strictEqual('a.b'.replaceAll('.', () => '!'), 'a!b'); assert.strictEqual('xyz'.replaceAll('q', 'r'), 'xyz');
  assert.throws(() => 'a'.replaceAll(/a/, 'b'), TypeError); assert.throws(() => String.prototype.split.call(null, ','), TypeError);
  const big = 'foo\n'.repeat(200000);
  const lines = big.split('\n');
  assert.strictEqual(lines.length, 200001); assert.strictEqual(lines[199999], 'foo');
  let at = 0; let n = 0; while ((at = big.indexOf('\n', at) + 1) > 0) n++;
  assert.strictEqual(n, 200000); assert.strictEqual(big.replaceAll('foo', 'a').length, 400000);
});
it('regular expressions along a long one-byte text', () => {
  const text = 'key: value\n'.repeat(50000) + 'end';
  const lines = text.split(/\n/);
  assert.strictEqual(lines.length, 50001); assert.strictEqual(lines[50000], 'end');
  const re = /(\w+): (\w+)\n/y; let n = 0; let m;
  while ((m = re.exec(text)) !== null) { n++; if (n === 1) { assert.strictEqual(m.input, text); assert.strictEqual(m[2], 'value'); assert.strictEqual(m.index, 0); } }
  assert.strictEqual(n, 50000); assert.strictEqual(text.replace(/e/g, 'E').length, text.length);
  assert.deepStrictEqual(text.match(/v\w+/g).length, 50000); assert.ok(/end$/.test(text));
  const o = {}; o[lines[0].slice(0, 3)] = 1; assert.strictEqual(o.key, 1);
});
it('process.emitWarning and util.deprecate emit process\'s warning event on the next tick', async () => {
  const util = require('util');
  const seen = [];
  const listener = (w) => seen.push([w.name, w.message, w.code, w instanceof Error]);
  process.on('warning', listener);
  try {
    process.emitWarning('plain');
    process.emitWarning('typed', 'CustomWarning', 'C1');
    process.emitWarning('opts', { type: 'OptWarning', code: 'C2', detail: 'more' });
    const old = util.deprecate((x) => x + 1, 'old is deprecated', 'DEP_DP1');
    const same = util.deprecate(() => 0, 'same code', 'DEP_DP1');
    assert.strictEqual(old(1), 2);
    old(2);
    same();
    assert.deepStrictEqual(seen, []);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepStrictEqual(seen, [
      ['Warning', 'plain', undefined, true],
      ['CustomWarning', 'typed', 'C1', true],
      ['OptWarning', 'opts', 'C2', true],
      ['DeprecationWarning', 'old is deprecated', 'DEP_DP1', true],
    ]);
  } finally {
    process.removeListener('warning', listener);
  }
});
it('structuredClone copies dates, maps, sets, regular expressions, binary data, errors and cycles', () => {
  class Point { constructor() { this.x = 1; } }
  const shared = { n: 1 };
  const bytes = new Uint8Array([1, 2, 3]);
  const source = {
    when: new Date(86400000), re: /a+/gi, map: new Map([[shared, 'one']]), set: new Set([shared]),
    list: [shared, shared, undefined], bytes, view: new DataView(bytes.buffer, 1, 2), big: 10n,
    boxed: new String('s'), point: new Point(), error: new TypeError('bad', { cause: shared }),
  };
  source.self = source;
  const copy = structuredClone(source);
  assert.ok(copy.when instanceof Date && copy.when.getTime() === 86400000);
  assert.ok(copy.re instanceof RegExp && copy.re.flags === 'gi' && copy.re.source === 'a+');
  const key = [...copy.map.keys()][0];
  assert.notStrictEqual(key, shared);
  assert.strictEqual(key, [...copy.set][0]);
  assert.strictEqual(copy.list[0], copy.list[1]);
  assert.strictEqual(copy.list.length, 3);
  assert.ok('2' in copy.list);
  assert.deepStrictEqual([...copy.bytes], [1, 2, 3]);
  assert.strictEqual(copy.view.buffer, copy.bytes.buffer);
  assert.strictEqual(copy.view.getUint8(0), 2);
  assert.strictEqual(copy.big, 10n);
  assert.ok(copy.boxed instanceof String && String(copy.boxed) === 's');
  assert.strictEqual(Object.getPrototypeOf(copy.point), Object.prototype);
  assert.deepStrictEqual(copy.point, { x: 1 });
  assert.ok(copy.error instanceof TypeError);
  assert.strictEqual(copy.error.message, 'bad');
  assert.strictEqual(copy.error.stack, source.error.stack);
  assert.deepStrictEqual(copy.error.cause, { n: 1 });
  assert.strictEqual(copy.self, copy);
  assert.throws(() => structuredClone({ f() {} }), (e) => e.name === 'DataCloneError');
  assert.throws(() => structuredClone(new WeakMap()), (e) => e.name === 'DataCloneError');
  assert.throws(() => structuredClone(Symbol('s')), (e) => e.name === 'DataCloneError');
});
it('diagnostics_channel passes messages to subscribers and traces calls, promises and callbacks', async () => {
  const dc = require('node:diagnostics_channel');
  const seen = [];
  const ch = dc.channel('dp:metrics');
  assert.strictEqual(ch, dc.channel('dp:metrics'));
  assert.strictEqual(ch.hasSubscribers, false);
  const on = (m, name) => seen.push([name, m.n]);
  ch.subscribe(on);
  assert.strictEqual(dc.hasSubscribers('dp:metrics'), true);
  ch.publish({ n: 1 });
  assert.strictEqual(ch.unsubscribe(on), true);
  assert.strictEqual(ch.unsubscribe(on), false);
  ch.publish({ n: 2 });
  assert.deepStrictEqual(seen, [['dp:metrics', 1]]);
  const tc = dc.tracingChannel('dp');
  const events = [];
  const handlers = {};
  for (const e of ['start', 'end', 'asyncStart', 'asyncEnd', 'error']) handlers[e] = (ctx) => events.push(e + ':' + (ctx.error ? 'error' : ctx.result));
  tc.subscribe(handlers);
  assert.strictEqual(tc.traceSync((a, b) => a + b, {}, null, 2, 3), 5);
  assert.throws(() => tc.traceSync(() => { throw new Error('x'); }, {}), /x/);
  assert.strictEqual(await tc.tracePromise(async () => 7, {}), 7);
  await new Promise((resolve) => tc.traceCallback((cb) => setImmediate(() => cb(null, 9)), -1, {}, null, () => resolve()));
  tc.unsubscribe(handlers);
  assert.deepStrictEqual(events, [
    'start:undefined', 'end:5',
    'start:undefined', 'error:error', 'end:error',
    'start:undefined', 'end:undefined', 'asyncStart:7', 'asyncEnd:7',
    'start:undefined', 'end:undefined', 'asyncStart:9', 'asyncEnd:9',
  ]);
});
