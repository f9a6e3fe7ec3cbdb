'use strict';
const test = require('node:test');
const assert = require('node:assert');

test('local offsets follow Paris, summer time included', () => {
  assert.strictEqual(new Date(Date.UTC(2024, 0, 15, 12)).getTimezoneOffset(), -60);
  assert.strictEqual(new Date(Date.UTC(2024, 6, 15, 12)).getTimezoneOffset(), -120);
  assert.strictEqual(new Date(Date.UTC(2024, 0, 15, 23, 30)).getHours(), 0);
  assert.strictEqual(new Date(Date.UTC(2024, 0, 15, 23, 30)).getDate(), 16);
});

test('local strings are read and written in Paris time', () => {
  assert.strictEqual(new Date('2024-07-01T12:00:00').toISOString(), '2024-07-01T10:00:00.000Z');
  assert.strictEqual(new Date(2024, 0, 1).getTime(), Date.UTC(2023, 11, 31, 23));
  console.log(new Date(Date.UTC(2024, 6, 1, 10)).toString().slice(0, 33));
});

test("Intl's time zone is the script's", () => {
  assert.strictEqual(Intl.DateTimeFormat().resolvedOptions().timeZone, 'Europe/Paris');
  const hour = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23' });
  assert.strictEqual(hour.format(new Date(Date.UTC(2024, 6, 1, 10))), '12');
});
