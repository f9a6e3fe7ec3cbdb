// Runs after menu.test.js: its document and storage are not this file's.
test('each test file gets a window of its own', () => {
  expect(document.getElementById('app')).toBeNull();
  expect(localStorage.getItem('choices')).toBeNull();
  const input = document.createElement('input');
  let typed = '';
  input.addEventListener('input', () => { typed = input.value; });
  input.value = 'abc';
  input.dispatchEvent(new Event('input'));
  expect(typed).toBe('abc');
});
