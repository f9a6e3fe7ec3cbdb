import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Badge, Badges } from '../src/Badge.jsx';

const ann = { id: 1, name: 'Ann', admin: true, active: true, role: 'admin', note: 'owner' };
const bob = { id: 2, name: 'Bob', admin: false, active: true, role: 'dev' };

describe('Badge', () => {
  it('stars an active admin and shows a note', () => {
    expect(renderToStaticMarkup(<Badge user={ann} />)).toBe(
      '<span class="badge star" title="Ann &amp;amp; co" data-id="1"><b>★</b><i> (owner)</i></span>',
    );
  });

  it('shows the role otherwise, compact without notes', () => {
    expect(renderToStaticMarkup(<Badge user={bob} />)).toBe('<span class="badge" title="Bob &amp;amp; co" data-id="2">dev</span>');
    expect(renderToStaticMarkup(<Badge user={ann} compact />)).toBe(
      '<span class="badge" title="Ann &amp;amp; co" data-id="1">admin</span>',
    );
  });

  it('renders a list of badges in a fragment, props spread', () => {
    const html = renderToStaticMarkup(
      <div>
        <Badges users={[ann, bob]} compact={true} />
      </div>,
    );
    expect(html).toBe(
      '<div><span class="badge" title="Ann &amp;amp; co" data-id="1">admin</span><span class="badge" title="Bob &amp;amp; co" data-id="2">dev</span></div>',
    );
  });
});
