const { Cart } = require('./cart');

const prices = { lookup: (sku) => ({ a: 3, b: 5 })[sku] || 0 };

describe('Cart', () => {
  let cart;
  beforeEach(() => { cart = new Cart(prices); });

  test('totals items', () => {
    cart.add('a', 2).add('b');
    expect(cart.total()).toBe(11);
    expect(cart.items).toHaveLength(2);
    expect(cart.items[0]).toEqual({ sku: 'a', qty: 2 });
    expect(cart).toMatchObject({ items: [{ sku: 'a' }, { sku: 'b', qty: 1 }] });
    expect(cart.total()).not.toBe(12);
  });

  it.each([
    [1, 3],
    [4, 12],
  ])('add a x%i costs %i', (qty, want) => {
    expect(cart.add('a', qty).total()).toBe(want);
  });

  test('rejects bad quantities', () => {
    expect(() => cart.add('a', 0)).toThrow(RangeError);
    expect(() => cart.add('a', 1.5)).toThrow('bad quantity');
    expect(() => cart.add('a', 2)).not.toThrow();
  });

  test('coupons', () => {
    cart.add('b', 4);
    expect(cart.total({ active: true, min: 10, off: 5 })).toBe(15);
    expect(cart.total({ active: false, min: 10, off: 5 })).toBeGreaterThan(15);
  });

  test('checkout pays through the mock', async () => {
    const pay = jest.fn().mockResolvedValue('ok');
    cart.add('a');
    await expect(cart.checkout(pay)).resolves.toBe('ok');
    expect(pay).toHaveBeenCalledWith(3);
    expect(pay).toHaveBeenCalledTimes(1);
    await expect(new Cart(prices).checkout(pay)).rejects.toThrow('empty cart');
  });

  test('spyOn watches the price list', () => {
    const spy = jest.spyOn(prices, 'lookup');
    cart.add('a').add('b').total();
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy.mock.calls[1]).toEqual(['b']);
    spy.mockRestore();
    expect(jest.isMockFunction(prices.lookup)).toBe(false);
  });
});

test('the setup file ran first', () => {
  expect(globalThis.CURRENCY).toBe('EUR');
});
