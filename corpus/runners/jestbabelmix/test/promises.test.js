// an imported built-in automocked (`jest.mock('fs/promises')`, hoisted): the mock is made from
// the real module, which the mock must not stand for meanwhile
import fsPromises from 'fs/promises';
import { readFile } from 'fs/promises';

jest.mock('fs/promises');

test('automocks an imported built-in', async () => {
  fsPromises.readFile.mockResolvedValue('# hi');
  expect(await readFile('x', 'utf8')).toBe('# hi');
  expect(jest.isMockFunction(readFile)).toBe(true);
  expect(require('fs/promises').readFile).toBe(readFile);
});
