'use strict';
// Workload for ejs 2: template compilation and rendering, options, includes (mocha style, assert).
const assert = require('assert');
const path = require('path');

// The library: as a dependency of this folder, or the unpacked release one level up.
const ejs = (() => {
  try {
    return require('ejs');
  } catch (e) {
    return require('..');
  }
})();

describe('ejs', function () {
  describe('tags', function () {
    [
      ['<%= name %>', { name: 'geddy' }, 'geddy'],
      ['<%= html %>', { html: '<p>&"\'</p>' }, '&lt;p&gt;&amp;&#34;&#39;&lt;/p&gt;'],
      ['<%- html %>', { html: '<p>hi</p>' }, '<p>hi</p>'],
      ['<% if (ok) { %>yes<% } else { %>no<% } %>', { ok: false }, 'no'],
      ['<%# comment %>text', {}, 'text'],
      ['<%% literal %>', {}, '<% literal %>'],
      ['a\n<% if (true) { -%>\nb\n<% } -%>\nc', {}, 'a\nb\nc'],
      ['  <%_ if (true) { _%>\nx\n  <%_ } _%>', {}, 'x\n'],
      ['<%= n * 2 %>', { n: 21 }, '42'],
      ['<%= undefinedValue %>', { undefinedValue: undefined }, ''],
      ['<%= nullValue %>', { nullValue: null }, ''],
      ['<% for (var i = 0; i < 3; i++) { %><%= i %>,<% } %>', {}, '0,1,2,'],
    ].forEach(([tpl, data, want]) => {
      it('renders ' + JSON.stringify(tpl), function () {
        assert.strictEqual(ejs.render(tpl, data), want);
      });
    });
  });

  describe('options', function () {
    it('uses custom delimiters', function () {
      assert.strictEqual(ejs.render('<?= name ?>', { name: 'x' }, { delimiter: '?' }), 'x');
    });
    it('runs without with() using the locals name', function () {
      assert.strictEqual(ejs.render('<%= it.a %>', { a: 1 }, { _with: false, localsName: 'it' }), '1');
    });
    it('strips whitespace with rmWhitespace', function () {
      assert.strictEqual(ejs.render('  <p>\n  <%= a %>  \n</p>  ', { a: 'x' }, { rmWhitespace: true }), '<p>\nx\n</p>');
    });
    it('uses a custom escape function', function () {
      assert.strictEqual(ejs.render('<%= a %>', { a: 'x' }, { escape: (s) => '[' + s + ']' }), '[x]');
    });
    it('binds this with context', function () {
      assert.strictEqual(ejs.render('<%= this.v %>', {}, { context: { v: 'ctx' } }), 'ctx');
    });
    it('compiles once and renders many times', function () {
      const fn = ejs.compile('<p><%= user.name %> (<%= user.age %>)</p>');
      assert.strictEqual(fn({ user: { name: 'a', age: 1 } }), '<p>a (1)</p>');
      assert.strictEqual(fn({ user: { name: 'b', age: 2 } }), '<p>b (2)</p>');
    });
    it('compiles client functions', function () {
      const fn = ejs.compile('<%= x %>', { client: true });
      assert.strictEqual(fn({ x: '<' }), '&lt;');
    });
    it('reports the failing line of a template', function () {
      assert.throws(() => ejs.render('line one\n<%= nope.deep %>', {}), (err) => /nope is not defined|nope/.test(err.message) && /2/.test(err.message));
    });
    it('rejects a bad delimiter usage', function () {
      assert.throws(() => ejs.compile('<% unclosed'), /Could not find matching close tag/);
    });
    it('escapes XML', function () {
      assert.strictEqual(ejs.escapeXML('<a href="x">&</a>'), '&lt;a href=&#34;x&#34;&gt;&amp;&lt;/a&gt;');
    });
  });

  describe('files', function () {
    const page = path.join(__dirname, 'views', 'page.ejs');
    it('renders a file with an include', function (done) {
      ejs.renderFile(page, { title: 'list', items: ['a', '<b>'] }, (err, html) => {
        if (err) return done(err);
        assert.strictEqual(html, '<header>LIST</header>\n<ul>\n  <li>a</li>\n  <li>&lt;b&gt;</li>\n</ul>\n');
        done();
      });
    });
    it('renders a file through a promise', function () {
      return ejs.renderFile(page, { title: 't', items: [] }).then((html) => {
        assert.strictEqual(html, '<header>T</header>\n<ul>\n</ul>\n');
      });
    });
    it('renders includes with the filename option', function () {
      const html = ejs.render('<%- include("header", { title: "X" }) %>', {}, { filename: page });
      assert.strictEqual(html, '<header>X</header>\n');
    });
    it('caches compiled templates by filename', function () {
      ejs.clearCache();
      const a = ejs.render('<%= 1 %>', {}, { cache: true, filename: 'cached.ejs' });
      const b = ejs.render('<%= 2 %>', {}, { cache: true, filename: 'cached.ejs' });
      assert.strictEqual(a, '1');
      assert.strictEqual(b, '1');
      ejs.clearCache();
    });
  });

  describe('bulk', function () {
    it('renders a large table many times', function () {
      const fn = ejs.compile('<table><% rows.forEach(function (r) { %><tr><td><%= r.id %></td><td><%= r.name %></td>' +
        '<td><%- r.ok ? "yes" : "<b>no</b>" %></td></tr><% }) %></table>');
      const rows = [];
      for (let i = 0; i < 200; i++) rows.push({ id: i, name: 'name <' + i + '>', ok: i % 3 === 0 });
      let len = 0;
      for (let k = 0; k < 20; k++) len += fn({ rows }).length;
      assert.strictEqual(len % 20, 0);
      assert.ok(fn({ rows }).indexOf('name &lt;199&gt;') > 0);
    });
  });
});
