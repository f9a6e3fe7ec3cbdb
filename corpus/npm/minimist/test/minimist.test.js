'use strict';
// Workload for minimist: argument vectors the way its own tests parse them (mocha style, assert).
const assert = require('assert');

// The library: as a dependency of this folder, or the unpacked release one level up.
const parse = (() => {
  try {
    return require('minimist');
  } catch (e) {
    return require('..');
  }
})();

describe('minimist', function () {
  it('parses short and long flags with values', function () {
    assert.deepStrictEqual(parse(['-a', 'beep', '-b', 'boop']), { _: [], a: 'beep', b: 'boop' });
    assert.deepStrictEqual(parse(['--name=value', '--other', 'x']), { _: [], name: 'value', other: 'x' });
  });
  it('groups short flags', function () {
    assert.deepStrictEqual(parse(['-xyz']), { _: [], x: true, y: true, z: true });
    assert.deepStrictEqual(parse(['-abc', 'hi']), { _: [], a: true, b: true, c: 'hi' });
  });
  it('turns numbers into numbers', function () {
    const argv = parse(['-x', '1234', '-y', '5.67', '-z', '1e7', '-w', '10f', '--hex', '0xdeadbeef', '789']);
    assert.deepStrictEqual(argv, { _: [789], x: 1234, y: 5.67, z: 1e7, w: '10f', hex: 3735928559 });
  });
  it('keeps positional arguments', function () {
    assert.deepStrictEqual(parse(['foo', 'bar', '--x', 'y', 'baz'])._, ['foo', 'bar', 'baz']);
  });
  it('stops at --', function () {
    assert.deepStrictEqual(parse(['--a', 'b', '--', '--c', 'd']), { _: ['--c', 'd'], a: 'b' });
    assert.deepStrictEqual(parse(['--a', 'b', '--', 'c'], { '--': true }), { _: [], a: 'b', '--': ['c'] });
  });
  it('negates --no- flags', function () {
    assert.deepStrictEqual(parse(['--no-color', '--no-tty']), { _: [], color: false, tty: false });
  });
  it('honours boolean options', function () {
    const argv = parse(['-x', '-z', 'one', 'two', 'three'], { boolean: ['x', 'y', 'z'] });
    assert.deepStrictEqual(argv, { _: ['one', 'two', 'three'], x: true, y: false, z: true });
    assert.deepStrictEqual(parse(['--flag', 'true'], { boolean: 'flag' }), { _: [], flag: true });
    assert.deepStrictEqual(parse(['--flag', 'false'], { boolean: 'flag' }), { _: [], flag: false });
  });
  it('treats every flag as boolean with boolean: true', function () {
    assert.deepStrictEqual(parse(['--a', 'b', '-c', 'd'], { boolean: true }), { _: ['b'], a: true, c: 'd' });
  });
  it('honours string options', function () {
    assert.strictEqual(parse(['-s', '0001234'], { string: 's' }).s, '0001234');
    assert.strictEqual(parse(['-x', '56'], { string: 'x' }).x, '56');
    assert.strictEqual(parse(['-s'], { string: 's' }).s, '');
  });
  it('applies aliases both ways', function () {
    const argv = parse(['-f', '11', '--zoom', '55'], { alias: { z: 'zoom', f: ['foo', 'fu'] } });
    assert.strictEqual(argv.zoom, 55);
    assert.strictEqual(argv.z, 55);
    assert.strictEqual(argv.foo, 11);
    assert.strictEqual(argv.fu, 11);
  });
  it('fills defaults', function () {
    const argv = parse(['--x', '5'], { default: { x: 1, y: 2, verbose: false } });
    assert.deepStrictEqual(argv, { _: [], x: 5, y: 2, verbose: false });
  });
  it('builds nested objects from dotted keys', function () {
    const argv = parse(['--foo.bar', '3', '--foo.baz', '4', '--beep.boop']);
    assert.deepStrictEqual(argv.foo, { bar: 3, baz: 4 });
    assert.deepStrictEqual(argv.beep, { boop: true });
  });
  it('collects repeated flags into arrays', function () {
    assert.deepStrictEqual(parse(['-v', 'a', '-v', 'b', '-v', 'c']).v, ['a', 'b', 'c']);
  });
  it('handles = with empty values and dashes', function () {
    assert.deepStrictEqual(parse(['--x=', '-']), { _: ['-'], x: '' });
    assert.deepStrictEqual(parse(['-n-5']), { _: [], n: -5 });
  });
  it('calls unknown for unlisted flags', function () {
    const unknown = [];
    parse(['--honk', '--tacos=good', 'cow', '-p', '55'], {
      boolean: 'honk',
      unknown: (arg) => {
        unknown.push(arg);
        return false;
      },
    });
    assert.deepStrictEqual(unknown, ['--tacos=good', 'cow', '-p']);
  });
  it('ignores prototype keys', function () {
    const argv = parse(['--__proto__.x', '123']);
    assert.strictEqual(({}).x, undefined);
    assert.strictEqual(argv.x, undefined);
  });
  it('stops early with stopEarly', function () {
    assert.deepStrictEqual(parse(['--aaa', 'bbb', 'ccc', '--ddd'], { stopEarly: true }), { _: ['ccc', '--ddd'], aaa: 'bbb' });
  });
  [
    [['--port', '8080'], { _: [], port: 8080 }],
    [['-p8080'], { _: [], p: 8080 }],
    [['--verbose', '--', '-v'], { _: ['-v'], verbose: true }],
    [['-h'], { _: [], h: true }],
    [['--key', 'a b c'], { _: [], key: 'a b c' }],
    [['--num', '-5'], { _: [], num: true, 5: true }],
    [['x', '-y', '--z=w', 'q'], { _: ['x', 'q'], y: true, z: 'w' }],
    [['--a.b.c=1'], { _: [], a: { b: { c: 1 } } }],
  ].forEach(([args, want]) => {
    it('parses ' + args.join(' '), function () {
      assert.deepStrictEqual(parse(args), want);
    });
  });
  it('parses a long realistic command line', function () {
    const argv = parse(['build', '--mode=production', '-vvv', '--out', 'dist/', '--no-minify', '-j', '4',
      '--define.NODE_ENV', 'prod', '--watch', 'src', 'lib', '--', 'extra'], { boolean: ['watch'], alias: { j: 'jobs' } });
    assert.deepStrictEqual(argv._, ['build', 'src', 'lib', 'extra']);
    assert.strictEqual(argv.mode, 'production');
    assert.strictEqual(argv.v, true);
    assert.strictEqual(argv.out, 'dist/');
    assert.strictEqual(argv.minify, false);
    assert.strictEqual(argv.jobs, 4);
    assert.deepStrictEqual(argv.define, { NODE_ENV: 'prod' });
    assert.strictEqual(argv.watch, true);
  });
  it('parses many generated command lines', function () {
    let total = 0;
    for (let i = 0; i < 300; i++) {
      const args = ['cmd' + i, '--n' + (i % 7), String(i), '-ab', 'file' + i, '--flag' + (i % 3), '--no-x' + (i % 2)];
      const argv = parse(args, { boolean: ['a'], string: ['n0'], alias: { b: 'bee' } });
      assert.strictEqual(argv.a, true);
      total += argv._.length;
    }
    assert.ok(total > 0);
  });
});
