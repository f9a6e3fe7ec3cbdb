it('tasks project runs too', () => { expect(1 + 1).toBe(2); });
