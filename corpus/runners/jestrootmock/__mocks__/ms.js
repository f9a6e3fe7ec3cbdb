// stands for the `ms` package in every test file, with no jest.mock call
const real = jest.requireActual('ms');
module.exports = jest.fn((value) => (typeof value === 'string' ? real(value) * 2 : `mocked ${value}`));
