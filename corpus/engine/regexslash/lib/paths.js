// path and reference checks of the kind a JSON-schema validator's formats use
const ABSOLUTE = /^(?:\/(?:[a-z0-9\-._~]|%[0-9a-f]{2})+)+\/?$/i;
const REFERENCE = /^(?:(?:[a-z][a-z0-9+\-.]*:)?\/?\/)?(?:[^\\\s#][^\s#]*)?(?:#[^\\\s]*)?$/i;
const SLASH_CLASS = /^([/.a-z]+)*$/;

function kind(p) {
  if (typeof p !== 'string' || p.length === 0) return 'empty';
  if (ABSOLUTE.test(p) && p.length < 64) return 'absolute';
  if (REFERENCE.test(p)) return 'reference';
  return SLASH_CLASS.test(p) ? 'plain' : 'other';
}

module.exports = { kind, ABSOLUTE, REFERENCE };
