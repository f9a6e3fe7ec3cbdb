'use strict';
// Workload for js-yaml: loading and dumping documents of the common shapes (a tokenizer and a
// parser dispatching on characters), through node:test.
const { test } = require('node:test');
const assert = require('node:assert');
const yaml = require('js-yaml');

/** A configuration-like document with `n` services. */
function document(n) {
  const lines = ['# generated', 'version: "3.8"', 'services:'];
  for (let i = 0; i < n; i++) {
    lines.push(
      `  svc${i}:`,
      `    image: "registry.example.com/app:${i}.0"`,
      `    replicas: ${i % 5}`,
      `    enabled: ${i % 2 === 0}`,
      '    ports:',
      `      - ${8000 + i}`,
      `      - "${9000 + i}:${9000 + i}"`,
      '    env:',
      `      NAME: service-${i}`,
      `      RATIO: ${(i / 7).toFixed(3)}`,
      '      EMPTY: ~',
      `    command: [run, --id, '${i}', "--flag"]`,
      '    description: >',
      `      folded text for service ${i}`,
      '      on two lines',
    );
  }
  return lines.join('\n') + '\n';
}

for (const n of [1, 2, 5, 10, 20]) {
  for (let k = 0; k < 4; k++) {
    test(`load and dump ${n} services, round ${k}`, () => {
      const doc = yaml.load(document(n));
      const names = Object.keys(doc.services);
      assert.strictEqual(names.length, n);
      const last = doc.services[`svc${n - 1}`];
      assert.strictEqual(last.ports[0], 8000 + n - 1);
      assert.strictEqual(last.env.EMPTY, null);
      assert.strictEqual(last.description, `folded text for service ${n - 1} on two lines\n`);
      const again = yaml.load(yaml.dump(doc, { sortKeys: k % 2 === 1 }));
      assert.deepStrictEqual(again, doc);
    });
  }
}
