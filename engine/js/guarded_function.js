// decisionprof, both engines: the global `Function` constructor made guarded. Code it makes is
// not instrumented, so running it is an effect (`__dp.ev`): refused while speculating, excluding
// the decision whose check runs it otherwise.
(function () {
  var Real = Function, apply = Reflect.apply, construct = Reflect.construct, define = Object.defineProperty;
  var guard = '__dp.on && __dp.ev("runs code made by the Function constructor");\n';
  var prologue = /^(?:\s*(?:'[^'\\\n]*'|"[^"\\\n]*")[ \t]*(?:;|\n))*/;
  var F = function Function(body) {
    var n = arguments.length, args = [];
    for (var i = 0; i < n - 1; i++) args[i] = arguments[i];
    var text = n > 0 ? String(arguments[n - 1]) : '';
    var head = prologue.exec(text)[0];
    args[args.length] = head + guard + text.slice(head.length);
    // `class C extends Function` calls this through super(): the function made is a C
    return new.target ? construct(Real, args, new.target) : apply(Real, undefined, args);
  };
  define(F, 'prototype', { value: Real.prototype, writable: false, enumerable: false, configurable: false });
  define(Real.prototype, 'constructor', { value: F, writable: true, enumerable: false, configurable: true });
  define(globalThis, 'Function', { value: F, writable: true, enumerable: false, configurable: true });
})()
