const View = (p: { name: string }) => <b>{p.name}</b>;
it('never loaded', () => View({ name: 'x' }));
