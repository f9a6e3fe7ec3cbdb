let mockMade = 0;
jest.mock('../src/clock', () => {
  mockMade += 1;
  return { now: () => 2000 + mockMade };
});

afterEach(() => {
  delete process.env.APP_MODE;
  delete process.env.APP_VERBOSE;
});

test('a module is read again after resetModules', () => {
  const first = require('../src/config');
  expect(first.mode).toBe('dev');
  process.env.APP_MODE = 'debug';
  expect(require('../src/config')).toBe(first);
  expect(jest.resetModules()).toBe(jest);
  const second = require('../src/config');
  expect(second).not.toBe(first);
  expect(second.mode).toBe('debug');
  expect(second.verbose).toBe(true);
  expect(second.loads).toBe(first.loads + 1);
});

test('a mock factory runs again after a reset', () => {
  jest.resetModules();
  const stamp = require('../src/stamp');
  const once = stamp('a');
  jest.resetModules();
  const again = require('../src/stamp')('b');
  expect([once, again]).toEqual([`a@${2000 + mockMade - 1}`, `b@${2000 + mockMade}`]);
});

test('isolateModules gives modules of its own and keeps the outer ones', () => {
  const outer = require('../src/config');
  let inner;
  process.env.APP_VERBOSE = '1';
  jest.isolateModules(() => {
    inner = require('../src/config');
  });
  expect(inner).not.toBe(outer);
  expect(inner.verbose).toBe(true);
  expect(require('../src/config')).toBe(outer);
});

test('isolateModulesAsync too', async () => {
  const outer = require('../src/config');
  let inner;
  process.env.APP_MODE = 'prod';
  await jest.isolateModulesAsync(async () => {
    await Promise.resolve();
    inner = require('../src/config');
  });
  expect(inner.mode).toBe('prod');
  expect(require('../src/config')).toBe(outer);
});
