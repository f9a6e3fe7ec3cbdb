test('mockReset forgets the implementation', () => {
  const f = jest.fn(() => 1);
  f.mockReturnValue(2);
  expect(f()).toBe(2);
  f.mockReset();
  expect(f()).toBeUndefined();
  expect(f).toHaveBeenCalledTimes(1);
});
