// loaded before the tests (package.json jest.setupFiles)
globalThis.CURRENCY = 'EUR';
