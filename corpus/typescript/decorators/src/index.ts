export { default as Clockish } from './types';
export { Clock } from './clock';
export { resolve } from './container';
