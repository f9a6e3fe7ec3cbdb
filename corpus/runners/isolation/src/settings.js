// A module with state: a test file that changes it changes it for its own tests only.
let mode = 'quiet';
let calls = 0;

export function setMode(m) {
  mode = m;
}

export function shout(word) {
  calls++;
  if (mode === 'loud' && word.length > 0) {
    return word.toUpperCase() + '!';
  }
  return word;
}

export function callCount() {
  return calls;
}
