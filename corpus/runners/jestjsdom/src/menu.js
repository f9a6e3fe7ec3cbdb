'use strict';
// A menu built on the DOM: items are <li> elements; the visible, enabled ones can be chosen.

function choosable(item) {
  return !item.hidden && !item.classList.contains('disabled') && item.dataset.kind !== 'separator';
}

function render(root, labels) {
  const list = root.ownerDocument.createElement('ul');
  for (const label of labels) {
    const li = root.ownerDocument.createElement('li');
    li.textContent = label;
    if (label === '-') li.dataset.kind = 'separator';
    list.appendChild(li);
  }
  root.appendChild(list);
  return list;
}

function wire(list, onChoose) {
  list.addEventListener('click', (event) => {
    const item = event.target.closest('li');
    if (item && choosable(item)) {
      list.dispatchEvent(new CustomEvent('choose', { detail: item.textContent, bubbles: true }));
      onChoose(item.textContent);
    }
  });
}

function remember(choice) {
  const past = JSON.parse(window.localStorage.getItem('choices') || '[]');
  past.push(choice);
  window.localStorage.setItem('choices', JSON.stringify(past));
  return past.length;
}

module.exports = { choosable, render, wire, remember };
