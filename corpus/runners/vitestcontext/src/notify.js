// Warns once per key, unless the environment says production.
const warned = new Set();

export function notify(key, message) {
  if (process.env.NODE_ENV !== 'production' && !warned.has(key)) {
    warned.add(key);
    console.warn(message);
    return true;
  }
  return false;
}
