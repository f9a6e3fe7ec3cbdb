import test from 'node:test';
import assert from 'node:assert';
import { isLeap } from '../src/leap.js';

const known = new Set([1600, 1904, 1996, 2000, 2004, 2024]);

async function run() {
  for (let year = 1890; year < 2030; year += 4) {
    await test(`year ${year}`, () => {
      assert.strictEqual(isLeap(year), year % 400 === 0 || (year % 100 !== 0 && year % 4 === 0));
    });
  }
  for (const year of known) {
    await test(`known leap year ${year}`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      assert.ok(isLeap(year));
    });
  }
}

run();
