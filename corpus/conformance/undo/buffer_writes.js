// a check writes into a Buffer through node's binary methods (integers, floats, a pattern
// fill, a byte swap, a string, a copy into another Buffer): each write is undone
// expect: undone
const buf = Buffer.alloc(8);
function effect() {
  buf.writeUInt16BE(0x1234, 0);
  buf.writeInt32LE(-2, 2);
  buf.writeUIntLE(0x0a0b0c, 5, 3);
  buf.fill('ab', 6);
  buf.subarray(0, 2).swap16();
  buf.write('z', 7);
  return buf.readUInt8(0) === 0x34;
}
function decide(flag) {
  return flag && effect();
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decide(flag)), buf.toString('hex'));
}
const target = Buffer.alloc(3);
function copyInto() {
  return Buffer.from('xyz').copy(target, 0) === 3;
}
function decideCopy(flag) {
  return flag && copyInto();
}
for (const flag of [false, true, false]) {
  console.log(flag, Boolean(decideCopy(flag)), target.toString('hex'));
}
