import tinydate from 'tinydate';
import '../src/locale/fr';

test('a locale that imports the package by name sets itself', () => {
  expect(tinydate(2024, 3, 9).format()).toBe('09/03/2024');
});
