// decisionprof, both engines: the global `Function` constructor made guarded. Code it makes is
// not instrumented, so running it is an effect (`__dp.ev`): refused while speculating, excluding
// the decision whose check runs it otherwise. Such a function's text is still the one V8 gives
// for what the program wrote, without the guard (code generators print it and evaluate it again).
(function () {
  var Real = Function, apply = Reflect.apply, construct = Reflect.construct, define = Object.defineProperty;
  var texts = new WeakMap(), wmGet = WeakMap.prototype.get, wmSet = WeakMap.prototype.set;
  var realToString = Real.prototype.toString;
  var guard = '__dp.on && __dp.ev("runs code made by the Function constructor");\n';
  var prologue = /^(?:\s*(?:'[^'\\\n]*'|"[^"\\\n]*")[ \t]*(?:;|\n))*/;
  var F = function Function(body) {
    var n = arguments.length, args = [];
    for (var i = 0; i < n - 1; i++) args[i] = arguments[i];
    var text = n > 0 ? String(arguments[n - 1]) : '';
    var head = prologue.exec(text)[0];
    var params = args.join(',');
    args[args.length] = head + guard + text.slice(head.length);
    // `class C extends Function` calls this through super(): the function made is a C
    var f = new.target ? construct(Real, args, new.target) : apply(Real, undefined, args);
    apply(wmSet, texts, [f, 'function anonymous(' + params + '\n) {\n' + text + '\n}']);
    return f;
  };
  var toString = {
    toString() {
      if (this === toString) return 'function toString() { [native code] }';
      var own = apply(wmGet, texts, [this]);
      return own !== undefined ? own : apply(realToString, this, []);
    }
  }.toString;
  define(Real.prototype, 'toString', { value: toString, writable: true, enumerable: false, configurable: true });
  define(F, 'prototype', { value: Real.prototype, writable: false, enumerable: false, configurable: false });
  define(Real.prototype, 'constructor', { value: F, writable: true, enumerable: false, configurable: true });
  define(globalThis, 'Function', { value: F, writable: true, enumerable: false, configurable: true });
})()
