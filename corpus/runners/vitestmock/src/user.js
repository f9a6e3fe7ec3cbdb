import greet, { value, flag, label } from './dep.js';

export function use() {
  return value() === 'mocked' && flag > 0 ? 'uses mocked' : 'uses ' + value();
}

export function hello() {
  return greet();
}

// a name the factories of test/nested.test.js and test/later.test.js leave out: the module still
// links (vitest reads an import when it runs)
export function tag() {
  return label;
}
