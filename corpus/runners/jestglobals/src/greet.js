// Keeps its settings on the global object, so that every copy of the library shares them.
globalThis.__demoSettings = globalThis.__demoSettings || { locale: 'en' };
const settings = globalThis.__demoSettings;

function configure(change) {
  return Object.assign(settings, change);
}

function greet(name) {
  if (settings.locale === 'fr' || settings.locale === 'fr-CA') return 'Bonjour ' + name;
  return 'Hello ' + name;
}

module.exports = { configure, greet };
