// a registry of handlers, kept in the module: each process starts with the defaults
const handlers = ['json', 'text'];

function register(kind) {
  if (handlers.indexOf(kind) < 0) handlers.push(kind);
  return handlers.length;
}

function handles(kind) {
  return kind !== '' && handlers.indexOf(kind) >= 0;
}

module.exports = { register, handles, handlers };
