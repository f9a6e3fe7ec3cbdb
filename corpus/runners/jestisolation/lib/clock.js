// Loaded by the setup file: its state is there when each test file starts.
let ticks = 0;
module.exports = { tick: () => ++ticks, ticks: () => ticks };
