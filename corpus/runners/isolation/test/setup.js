import { beforeEach } from 'vitest';
import { register } from '../src/registry.js';

// runs before each test file, in that file's modules; its hook is that file's
register('setup');
beforeEach(() => register('each'));
