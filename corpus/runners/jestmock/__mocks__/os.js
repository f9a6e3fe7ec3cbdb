module.exports = { hostname: () => 'mocked-host', platform: () => 'mockOS' };
