// An ES module: imports, exports, top-level await (also inside a decision), strict-mode semantics.
import path from 'node:path';
import { EventEmitter } from 'node:events';

const parts = ['a', 'b', 'c.txt'];
const joined = path.join(...parts);
if (joined.endsWith('.txt') && parts.length > 2) console.log('joined', joined);
const v = await Promise.resolve(3);
console.log(v > 2 || v < 0, (await Promise.resolve(0)) || (await Promise.resolve('late')));
export const x = v && joined;
console.log(x, this === undefined);
const em = new EventEmitter();
let fired = 0;
em.on('tick', (n) => {
  fired += n > 1 && n < 5 ? n : 0;
});
for (let i = 0; i < 6; i++) em.emit('tick', i);
console.log('fired', fired);
let threw = false;
try {
  undeclaredInModule = 1;
} catch (e) {
  threw = e instanceof ReferenceError;
}
console.log('strict', threw);
