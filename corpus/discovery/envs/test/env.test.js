test('the runner\'s environment', () => {
  expect(process.env.GREETING).toBe('hi');
  expect(process.env.NODE_ENV).toBe('test');
});
