const mockValue = jest.fn(() => 'mocked');
const { use } = require('../lib/user');

jest.mock('../lib/dep', () => ({ value: mockValue, flag: 1 }));

test('a factory mock stands for the module', () => {
  expect(use()).toBe('uses mocked');
  expect(mockValue).toHaveBeenCalledTimes(1);
});

test('requireActual gives the real module', () => {
  expect(jest.requireActual('../lib/dep').value()).toBe('real');
  expect(require('../lib/dep').value).toBe(mockValue);
});
