import greet, { value, flag } from './dep.js';

export function use() {
  return value() === 'mocked' && flag > 0 ? 'uses mocked' : 'uses ' + value();
}

export function hello() {
  return greet();
}
