import { expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { List, type Item } from '../src/List';

const items: Item[] = [
  { id: 1, label: 'write' },
  { id: 2, label: 'test', done: true },
  { id: 3, label: 'ship', hidden: true },
  { id: 4, label: 'rest' },
];

it('lists what is left to do', () => {
  expect(renderToStaticMarkup(<List items={items} empty="nothing" />)).toBe(
    '<ul><li aria-label="write">write</li><li aria-label="rest">rest</li></ul>',
  );
});

it('says so when nothing is left', () => {
  const none = items.map((i) => ({ ...i, done: true }));
  expect(renderToStaticMarkup(<List items={none} empty={<em>all done</em>} />)).toBe('<p class="empty"><em>all done</em></p>');
});

it('marks the urgent ones among many', () => {
  const many: Item[] = Array.from({ length: 300 }, (_, k) => ({ id: k + 1, label: `task ${k} fixes the build` }));
  const words = Array.from({ length: 40 }, (_, k) => `word${k}`).concat(['build']);
  const html = renderToStaticMarkup(<List items={many} empty="none" urgent={words} />);
  expect(html.match(/class="urgent"/g)).toHaveLength(6);
});
