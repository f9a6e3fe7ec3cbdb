'use strict';
// Workload for marked 3 (plain CommonJS sources): Markdown to HTML for the common block and inline syntax.
const assert = require('assert');

// The library: as a dependency of this folder, or the unpacked release one level up.
const marked = (() => {
  try {
    return require('marked');
  } catch (e) {
    return require('..');
  }
})();

/** Renders without heading ids so outputs stay short. */
function md(src, opts) {
  return marked.parse(src, Object.assign({ headerIds: false, mangle: false }, opts));
}

describe('marked', function () {
  describe('blocks', function () {
    [
      ['# Title', '<h1>Title</h1>\n'],
      ['### Third level ###', '<h3>Third level</h3>\n'],
      ['Setext\n======', '<h1>Setext</h1>\n'],
      ['Setext two\n---', '<h2>Setext two</h2>\n'],
      ['one\ntwo\n\nthree', '<p>one\ntwo</p>\n<p>three</p>\n'],
      ['> quoted\n> text', '<blockquote>\n<p>quoted\ntext</p>\n</blockquote>\n'],
      ['- a\n- b\n- c', '<ul>\n<li>a</li>\n<li>b</li>\n<li>c</li>\n</ul>\n'],
      ['1. one\n2. two', '<ol>\n<li>one</li>\n<li>two</li>\n</ol>\n'],
      ['3. three\n4. four', '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n'],
      ['    code block\n    more', '<pre><code>code block\nmore\n</code></pre>\n'],
      ['```js\nlet x = 1 < 2;\n```', '<pre><code class="language-js">let x = 1 &lt; 2;\n</code></pre>\n'],
      ['***', '<hr>\n'],
      ['- [x] done\n- [ ] todo', '<ul>\n<li><input checked="" disabled="" type="checkbox"> done</li>\n<li><input disabled="" type="checkbox"> todo</li>\n</ul>\n'],
      ['<div>raw html</div>', '<div>raw html</div>'],
    ].forEach(([src, want]) => {
      it('renders ' + JSON.stringify(src), function () {
        assert.strictEqual(md(src), want);
      });
    });
    it('renders a GFM table with alignment', function () {
      const src = '| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |';
      assert.strictEqual(md(src), '<table>\n<thead>\n<tr>\n<th align="left">a</th>\n<th align="center">b</th>\n' +
        '<th align="right">c</th>\n</tr>\n</thead>\n<tbody><tr>\n<td align="left">1</td>\n<td align="center">2</td>\n' +
        '<td align="right">3</td>\n</tr>\n</tbody></table>\n');
    });
    it('renders nested lists', function () {
      assert.strictEqual(md('- a\n  - b\n    - c\n- d'), '<ul>\n<li>a<ul>\n<li>b<ul>\n<li>c</li>\n</ul>\n</li>\n</ul>\n</li>\n<li>d</li>\n</ul>\n');
    });
    it('renders loose lists with paragraphs', function () {
      assert.strictEqual(md('- a\n\n- b'), '<ul>\n<li><p>a</p>\n</li>\n<li><p>b</p>\n</li>\n</ul>\n');
    });
    it('adds heading ids when asked', function () {
      assert.strictEqual(marked.parse('# Hello World', { headerIds: true, mangle: false }), '<h1 id="hello-world">Hello World</h1>\n');
    });
  });

  describe('inline', function () {
    [
      ['*em* and _em_', '<p><em>em</em> and <em>em</em></p>\n'],
      ['**strong** and __strong__', '<p><strong>strong</strong> and <strong>strong</strong></p>\n'],
      ['~~gone~~', '<p><del>gone</del></p>\n'],
      ['`a < b`', '<p><code>a &lt; b</code></p>\n'],
      ['[link](http://x.org "title")', '<p><a href="http://x.org" title="title">link</a></p>\n'],
      ['![alt](/img.png)', '<p><img src="/img.png" alt="alt"></p>\n'],
      ['<http://auto.link>', '<p><a href="http://auto.link">http://auto.link</a></p>\n'],
      ['visit www.example.com now', '<p>visit <a href="http://www.example.com">www.example.com</a> now</p>\n'],
      ['a & b < c', '<p>a &amp; b &lt; c</p>\n'],
      ['line  \nbreak', '<p>line<br>break</p>\n'],
      ['\\*not em\\*', '<p>*not em*</p>\n'],
      ['[ref][1]\n\n[1]: http://ref.org', '<p><a href="http://ref.org">ref</a></p>\n'],
      ['***both***', '<p><em><strong>both</strong></em></p>\n'],
    ].forEach(([src, want]) => {
      it('renders ' + JSON.stringify(src), function () {
        assert.strictEqual(md(src), want);
      });
    });
    it('turns newlines into breaks with breaks: true', function () {
      assert.strictEqual(md('a\nb', { breaks: true }), '<p>a<br>b</p>\n');
    });
    it('parses inline only', function () {
      assert.strictEqual(marked.parseInline('**x** _y_'), '<strong>x</strong> <em>y</em>');
    });
  });

  describe('api', function () {
    it('lexes into tokens', function () {
      const tokens = marked.lexer('# h\n\npara *x*');
      assert.deepStrictEqual(tokens.filter((t) => t.type !== 'space').map((t) => t.type), ['heading', 'paragraph']);
      assert.strictEqual(tokens[0].depth, 1);
      assert.ok(tokens.links);
    });
    it('uses a custom renderer', function () {
      const renderer = new marked.Renderer();
      renderer.heading = (text, level) => '<h' + level + ' class="t">' + text + '</h' + level + '>\n';
      assert.strictEqual(marked.parse('## Hi', { renderer }), '<h2 class="t">Hi</h2>\n');
    });
    it('walks tokens', function () {
      const seen = [];
      const tokens = marked.lexer('a *b* `c`');
      marked.walkTokens(tokens, (t) => seen.push(t.type));
      assert.deepStrictEqual(seen, ['paragraph', 'text', 'em', 'text', 'text', 'codespan']);
    });
    it('supports a tokenizer extension', function () {
      marked.use({
        extensions: [{
          name: 'mention',
          level: 'inline',
          start: (src) => src.indexOf('@'),
          tokenizer(src) {
            const m = /^@(\w+)/.exec(src);
            return m ? { type: 'mention', raw: m[0], user: m[1] } : undefined;
          },
          renderer: (t) => '<span class="user">' + t.user + '</span>',
        }],
      });
      assert.strictEqual(marked.parseInline('hi @bob!'), 'hi <span class="user">bob</span>!');
      marked.setOptions(marked.getDefaults());
    });
  });

  describe('bulk', function () {
    it('renders a long generated document', function () {
      const parts = [];
      for (let i = 0; i < 120; i++) {
        parts.push('## Section ' + i, '', 'Some *emphasis*, **strong** text, `code ' + i + '` and a [link](http://x.org/' + i + ').',
          '', '- item ' + i, '- item ' + (i + 1), '', '> quote ' + i, '', '```', 'code ' + i, '```', '');
      }
      const html = md(parts.join('\n'));
      assert.strictEqual(html.split('<h2>').length - 1, 120);
      assert.strictEqual(html.split('<blockquote>').length - 1, 120);
      assert.strictEqual(html.split('<pre><code>').length - 1, 120);
    });
  });
});
