import t from 'tap';
import { classify } from '../lib/classify.js';

const inputs = Array.from({ length: 40 }, (_, i) => 'abcdefghij'.repeat(3) + i + '-xyz');
for (const p of ['a', 'b', 'c']) {
  t.test(p, (t) => {
    let r = '';
    for (let k = 0; k < 200; k++) for (const s of inputs) r = classify(s);
    t.matchSnapshot(classify(p) + r, 'kind');
    t.end();
  });
}
