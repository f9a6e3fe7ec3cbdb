/**
 * @jest-environment node
 */
test('a file whose docblock asks for node has no window', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
});
