import { bench } from 'vitest';
import { lex } from './lex.js';
bench('lex', () => { lex('abc123'); });
