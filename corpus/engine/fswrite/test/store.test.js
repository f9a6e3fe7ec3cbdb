'use strict';
const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Store } = require('../lib/store.js');

describe('files written by tests', function () {
  const inProject = path.join(__dirname, '..', 'scratch');
  let tmp;
  before(function () {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-fswrite-'));
  });
  after(function () {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(inProject, { recursive: true, force: true });
  });

  it('writes, reads back and lists files', function () {
    const s = new Store(path.join(tmp, 'a', 'b'));
    s.put('x', { n: 1 });
    s.put('y', [1, 2]);
    assert.deepStrictEqual(s.get('x'), { n: 1 });
    assert.deepStrictEqual(s.keys(), ['x', 'y']);
    assert.strictEqual(s.get('z'), undefined);
    assert.ok(fs.statSync(s.file('x')).isFile());
    assert.ok(fs.statSync(s.dir).isDirectory());
  });

  it('reads and writes through file descriptors', function () {
    const f = path.join(tmp, 'fd.txt');
    const w = fs.openSync(f, 'w');
    assert.strictEqual(fs.writeSync(w, 'hello '), 6);
    fs.writeSync(w, Buffer.from('world'));
    fs.closeSync(w);
    const a = fs.openSync(f, 'a');
    fs.writeSync(a, '!');
    fs.closeSync(a);
    const r = fs.openSync(f, 'r');
    const b = Buffer.alloc(5);
    assert.strictEqual(fs.readSync(r, b, 0, 5, null), 5);
    assert.strictEqual(b.toString(), 'hello');
    assert.strictEqual(fs.readSync(r, b, 0, 5, null), 5);
    assert.strictEqual(b.toString(), ' worl');
    assert.strictEqual(fs.readSync(r, b, { position: 6 }), 5);
    assert.strictEqual(b.toString(), 'world');
    assert.strictEqual(fs.fstatSync(r).size, 12);
    assert.strictEqual(fs.readFileSync(r, 'utf8'), 'hello world!'.slice(10));
    fs.closeSync(r);
    assert.throws(() => fs.closeSync(r), { code: 'EBADF' });
    assert.throws(() => fs.openSync(path.join(tmp, 'none'), 'r'), { code: 'ENOENT' });
    assert.throws(() => fs.openSync(f, 'wx'), { code: 'EEXIST' });
  });

  it('appends, renames, copies and deletes', function () {
    const f = path.join(tmp, 'notes.txt');
    fs.writeFileSync(f, 'one\n');
    fs.appendFileSync(f, Buffer.from('two\n'));
    assert.strictEqual(fs.readFileSync(f, 'utf8'), 'one\ntwo\n');
    fs.renameSync(f, path.join(tmp, 'moved.txt'));
    assert.strictEqual(fs.existsSync(f), false);
    fs.copyFileSync(path.join(tmp, 'moved.txt'), path.join(tmp, 'copy.txt'));
    assert.strictEqual(fs.readFileSync(path.join(tmp, 'copy.txt'), 'utf8'), 'one\ntwo\n');
    fs.unlinkSync(path.join(tmp, 'moved.txt'));
    assert.throws(() => fs.readFileSync(path.join(tmp, 'moved.txt')), { code: 'ENOENT' });
    assert.throws(() => fs.writeFileSync(path.join(tmp, 'no', 'such', 'dir.txt'), 'x'), { code: 'ENOENT' });
    assert.throws(() => fs.mkdirSync(tmp), { code: 'EEXIST' });
  });

  it('writes inside the project, next to its own files', function () {
    const s = new Store(inProject);
    s.put('k', 'v');
    assert.strictEqual(s.get('k'), 'v');
    assert.ok(fs.readdirSync(path.join(__dirname, '..')).includes('scratch'));
    assert.ok(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8').includes('engine-fswrite'));
  });

  it('promises and callbacks', async function () {
    const f = path.join(tmp, 'p.txt');
    await fs.promises.writeFile(f, 'async');
    assert.strictEqual(await fs.promises.readFile(f, 'utf8'), 'async');
    await new Promise((resolve, reject) => fs.unlink(f, (e) => (e ? reject(e) : resolve())));
    assert.strictEqual(fs.existsSync(f), false);
  });

  it('logs through a check that writes', function () {
    const s = new Store(path.join(tmp, 'log'));
    for (let i = 0; i < 5; i++) assert.ok(s.logged('k' + i, i));
    assert.strictEqual(s.logged('', 1), false);
    assert.strictEqual(fs.readFileSync(path.join(s.dir, 'log.txt'), 'utf8').split('\n').length, 7);
  });
});
