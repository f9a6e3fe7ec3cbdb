import { test, expect } from 'vitest';
import { twice } from './helpers';
test('twice', () => expect(twice(2)).toBe(4));
