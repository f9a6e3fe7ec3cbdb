// decisionprof test harness: jest's and vitest's DOM test environments under node (jsdom,
// happy-dom), `domFor(file, dom, nodeRequire)`: each test file gets the window emptied, laid over
// node's globals as the runners lay theirs — the window's names that node lacks, the DOM classes
// node has its own of (an element dispatches only its own DOM's events), and `window`, `self`,
// `top`, `parent` as the global object itself; node's timers, console, process, URL and encoders
// stay. A file's docblock (`@jest-environment jsdom`, `@vitest-environment happy-dom`, `node`)
// chooses another.
'use strict';
var g = globalThis;
// DOM classes node 20 has too: the test gets the window's
var DOM_OVER_NODE = ['Event', 'EventTarget', 'CustomEvent', 'DOMException', 'AbortController', 'AbortSignal',
  'Blob', 'File', 'FileReader', 'FormData', 'MessageChannel', 'MessageEvent', 'MessagePort', 'BroadcastChannel',
  'navigator'];
// happy-dom implements fetch too, and vitest gives its
var HAPPY_OVER_NODE = ['Headers', 'Request', 'Response', 'fetch'];
var SELF = ['window', 'self', 'top', 'parent'];
var windows = {};
var laid = null;

// the environment a file's docblock names (`@jest-environment`, `@vitest-environment`), if any
function docblockEnvironment(file, nodeRequire) {
  var head;
  try { head = nodeRequire('fs').readFileSync(file, 'utf8').slice(0, 4096); } catch (e) { return null; }
  var comments = /^(?:#![^\n]*)?(?:\s*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/))*/.exec(head)[0];
  var m = /@(?:jest|vitest)-environment\s+([\w@./-]+)/.exec(comments);
  return m ? m[1] : null;
}
function kindOf(name) {
  if (/happy-dom/.test(name)) return 'happy-dom';
  if (/jsdom/.test(name)) return 'jsdom';
  return null;
}
function withoutHtml(options) {
  var o = {};
  Object.keys(options || {}).forEach(function (k) { if (k !== 'html') o[k] = options[k]; });
  return o;
}
// a window of `kind` from the project's package: { win, close }
function open(kind, dom, nodeRequire) {
  var options = dom.options || {};
  if (kind === 'jsdom') {
    var JSDOM = nodeRequire(dom.jsdom).JSDOM;
    var html = typeof options.html === 'string' ? options.html : '<!DOCTYPE html>';
    var made = new JSDOM(html, Object.assign({ pretendToBeVisual: true, runScripts: 'dangerously', url: dom.url }, withoutHtml(options)));
    return { win: made.window, close: function () { made.window.close(); } };
  }
  var happy = nodeRequire(dom.happyDom);
  var Win = happy.GlobalWindow || happy.Window;
  var win = new Win(Object.assign({ url: dom.url }, options));
  return {
    win: win,
    close: function () {
      if (win.happyDOM && typeof win.happyDOM.abort === 'function') win.happyDOM.abort();
      if (typeof win.close === 'function') win.close();
    }
  };
}
// every name the window has, own or inherited, short of its realm's Object.prototype (a
// window that runs scripts does not list its interfaces: they come from one that does not,
// made once)
var listed = {};
function windowNames(win, kind, dom, nodeRequire) {
  var names = {};
  for (var o = win; o && Object.getPrototypeOf(o) !== null; o = Object.getPrototypeOf(o)) {
    Object.getOwnPropertyNames(o).forEach(function (k) { names[k] = true; });
  }
  if (kind === 'jsdom') {
    if (!listed[dom.jsdom]) {
      var plain = new (nodeRequire(dom.jsdom).JSDOM)('', { url: dom.url });
      listed[dom.jsdom] = Object.getOwnPropertyNames(plain.window);
      plain.window.close();
    }
    listed[dom.jsdom].forEach(function (k) { names[k] = true; });
  }
  return Object.keys(names);
}
// lays the window over the global object; returns what to put back
function lay(win, kind, dom, nodeRequire) {
  var over = kind === 'happy-dom' ? DOM_OVER_NODE.concat(HAPPY_OVER_NODE) : DOM_OVER_NODE;
  var saved = [];
  function save(k) { saved.push([k, Object.getOwnPropertyDescriptor(g, k)]); }
  windowNames(win, kind, dom, nodeRequire).forEach(function (k) {
    if (k.charAt(0) === '_' || k === 'constructor' || SELF.indexOf(k) >= 0) return;
    if (k in g && over.indexOf(k) < 0) return;
    var value;
    try { value = win[k]; } catch (e) { return; }
    if (value === undefined && !(k in win)) return;
    var bound = typeof value === 'function' && !/^[A-Z]/.test(k) ? value.bind(win) : null;
    var replaced = false, replacement;
    save(k);
    Object.defineProperty(g, k, {
      configurable: true,
      enumerable: false,
      get: function () { return replaced ? replacement : bound || win[k]; },
      set: function (v) { replaced = true; replacement = v; }
    });
  });
  SELF.forEach(function (k) {
    save(k);
    Object.defineProperty(g, k, { value: g, writable: true, configurable: true, enumerable: false });
  });
  try {
    Object.defineProperty(win.document, 'defaultView', { get: function () { return g; }, configurable: true });
  } catch (e) { /* kept as the window has it */ }
  return saved;
}
function restore(saved) {
  for (var i = saved.length - 1; i >= 0; i--) {
    var k = saved[i][0], d = saved[i][1];
    if (d) Object.defineProperty(g, k, d);
    else delete g[k];
  }
}
// Empties what a test file leaves in the document and storage, as a new window would have
// them: the same `document`, `<head>` and `<body>` objects stay, since modules loaded once for
// every file keep them (@testing-library/dom's `screen` is bound to the first `document.body`).
function reset(w) {
  var doc = w.win.document;
  [doc.documentElement, doc.head, doc.body].forEach(function (el) {
    if (!el) return;
    Array.prototype.slice.call(el.attributes).forEach(function (a) { el.removeAttribute(a.name); });
  });
  doc.head.innerHTML = w.head;
  doc.body.innerHTML = w.body;
  ['localStorage', 'sessionStorage'].forEach(function (k) {
    try { w.win[k].clear(); } catch (e) { /* no storage at this origin */ }
  });
}
function unlay() {
  if (laid) restore(laid.saved);
  laid = null;
}
// Before test file `file` loads (null: after the last): its environment's window is laid over
// the globals afresh (`dom`: the per-file plan's entry), or node's globals are put back when
// its environment is not a DOM the project has. One window per DOM serves every file, emptied
// between them.
exports.domFor = function (file, dom, nodeRequire) {
  unlay();
  if (file === null) {
    Object.keys(windows).forEach(function (k) {
      try { windows[k].close(); } catch (e) { /* a window that fails to close is dropped */ }
    });
    windows = {};
    return;
  }
  if (!dom) return;
  var named = docblockEnvironment(file, nodeRequire);
  var kind = named === null ? dom.dom : kindOf(named);
  var pkg = kind === 'jsdom' ? dom.jsdom : kind === 'happy-dom' ? dom.happyDom : null;
  if (!pkg) return;
  var w = windows[kind];
  if (w) {
    reset(w);
  } else {
    w = windows[kind] = open(kind, dom, nodeRequire);
    w.head = w.win.document.head.innerHTML;
    w.body = w.win.document.body.innerHTML;
  }
  laid = { saved: lay(w.win, kind, dom, nodeRequire) };
};
