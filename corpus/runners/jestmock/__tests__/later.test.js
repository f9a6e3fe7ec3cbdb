test('doMock stands for a module required after it', () => {
  jest.doMock('../lib/dep', () => ({ value: () => 'late', flag: 0 }));
  const { use } = require('../lib/user');
  expect(use()).toBe('uses late');
});
