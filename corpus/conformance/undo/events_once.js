// a check emits an event whose once-listener removes itself
// expect: undone
// node expects: excluded, emits an event to a once-listener
// engines differ: node keeps a once-listener's state in a bound closure, so emitting to one while speculating is refused under node (Boa undoes it)
const EventEmitter = require('events'); const em = new EventEmitter(); let hits = 0; em.once('ev', () => { hits++; });
function effect() {
  return em.emit('ev');
}
function decide(flag) {
  return flag && effect();
}
function report() {
  console.log(hits, em.listenerCount('ev'));
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)));
  report();
}
