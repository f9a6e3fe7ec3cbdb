import tinydate from 'tinydate';

test('formats in the default locale', () => {
  expect(tinydate(2024, 3, 9).format()).toBe('2024-03-09');
  expect(tinydate(2024, 11, 25).format()).toBe('2024-11-25');
});

test('formats day-first after the locale file set it, in that file only', () => {
  expect(tinydate(1999, 12, 31).format()).toBe('1999-12-31');
});
