import { test } from 'node:test';
import assert from 'node:assert/strict';
import { currentMonth, isFutureMonth, localDateTimeIso } from './dates.ts';

test('the current month is Argentina’s, and only later months are in the future', () => {
  // 02:00 UTC on 1 December is still 30 November in Córdoba (UTC-3).
  const lateNovember = new Date('2026-12-01T02:00:00Z');
  assert.deepEqual(currentMonth(lateNovember), { year: 2026, month: 10 });
  assert.equal(isFutureMonth(2026, 10, lateNovember), false, 'the current month can be settled');
  assert.equal(isFutureMonth(2026, 9, lateNovember), false);
  assert.equal(isFutureMonth(2026, 11, lateNovember), true);
  assert.equal(isFutureMonth(2027, 0, lateNovember), true);
  assert.equal(isFutureMonth(2025, 11, lateNovember), false);
  assert.equal(isFutureMonth(2026, 11, new Date('2026-12-01T03:00:00Z')), false, 'December has begun in Córdoba');
});

test('localDateTimeIso: Argentine wall-clock time, seconds included, at any offset of the host', () => {
  assert.equal(localDateTimeIso(new Date('2026-11-22T02:59:07Z')), '2026-11-21T23:59:07');
  assert.equal(localDateTimeIso(new Date('2026-11-22T03:00:00Z')), '2026-11-22T00:00:00');
});
