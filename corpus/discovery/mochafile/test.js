describe('one file at the root', () => { it('is the spec', () => {}); });
