// a built-in: used only where a test calls jest.mock('os')
module.exports = { platform: () => 'mocked-os' };
