it('is excluded', () => { throw new Error('spec/env is excluded'); });
