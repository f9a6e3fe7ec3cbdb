jest.mock('../lib/shapes');
jest.mock('../lib/store');
const shapes = require('../lib/shapes');
const store = require('../lib/store');

test('automocks a module: functions, classes, arrays', () => {
  const s = new shapes.Square(3);
  expect(s.area()).toBeUndefined();
  expect(jest.isMockFunction(s.area)).toBe(true);
  expect(shapes.Square).toHaveBeenCalledWith(3);
  expect(shapes.unit).toBe(1);
  expect(shapes.sides).toEqual([]);
  expect(shapes.describe(s)).toBeUndefined();
});

test('takes a __mocks__ file next to the module', () => {
  expect(store.name).toBe('manual store');
});

test('requireMock and genMockFromModule', () => {
  expect(jest.requireMock('../lib/store').name).toBe('manual store');
  const made = jest.genMockFromModule('../lib/dep');
  expect(made.value()).toBeUndefined();
  expect(made.flag).toBe(1);
});
