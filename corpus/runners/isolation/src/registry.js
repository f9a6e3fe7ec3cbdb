// Loaded first by the setup file.
const names = [];

export function register(name) {
  names.push(name);
}

export function registered() {
  return names.slice();
}
