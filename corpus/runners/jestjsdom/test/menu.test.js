const { choosable, render, wire, remember } = require('../src/menu');

describe('menu in a window', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="app"></div>';
  });

  test('the window is the global object, at the configured URL', () => {
    expect(window).toBe(globalThis);
    expect(document.defaultView).toBe(window);
    expect(window.location.href).toBe('http://example.test/app/');
    expect(navigator.userAgent).toMatch(/jsdom/);
  });

  test('clicks choose enabled items only', () => {
    const list = render(document.getElementById('app'), ['Open', 'Save', '-', 'Quit']);
    list.children[1].classList.add('disabled');
    const chosen = [];
    const seen = [];
    document.body.addEventListener('choose', (e) => seen.push(e.detail));
    wire(list, (c) => chosen.push(c));
    for (const li of list.children) li.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(chosen).toEqual(['Open', 'Quit']);
    expect(seen).toEqual(['Open', 'Quit']);
    expect(list.children[0]).toBeInstanceOf(HTMLElement);
    expect([...list.children].filter(choosable)).toHaveLength(2);
  });

  test('storage keeps choices within the file', () => {
    expect(remember('Open')).toBe(1);
    expect(remember('Quit')).toBe(2);
    expect(localStorage.getItem('choices')).toBe('["Open","Quit"]');
  });
});
