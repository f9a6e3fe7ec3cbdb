describe('node project', () => {
  it('sees what its setup file set', () => { expect(fromSetup).toBe(3); });
  it('sees what the setup file imported', () => { expect(shout('hi')).toBe('HI!'); });
});
