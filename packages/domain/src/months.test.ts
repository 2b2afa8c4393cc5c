import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitByWholeMonths } from './months.ts';

test('a day range splits into whole months and the loose days at its ends', () => {
  // The board's default: from the first of a month to a day in the middle of the current one.
  assert.deepEqual(splitByWholeMonths('2021-01-01', '2026-11-22'), {
    months: { from: '2021-01-01', until: '2026-11-01' },
    days: [{ since: '2026-11-01', upTo: '2026-11-22' }],
  });
  assert.deepEqual(splitByWholeMonths('2024-02-10', '2024-12-31'), {
    months: { from: '2024-03-01', until: '2025-01-01' },
    days: [{ since: '2024-02-10', upTo: '2024-02-29' }],
  });
  assert.deepEqual(splitByWholeMonths('2024-02-01', '2024-02-29'), { months: { from: '2024-02-01', until: '2024-03-01' }, days: [] });
  assert.deepEqual(splitByWholeMonths(undefined, '2025-06-15'), {
    months: { from: undefined, until: '2025-06-01' },
    days: [{ since: '2025-06-01', upTo: '2025-06-15' }],
  });
  assert.deepEqual(splitByWholeMonths('2025-06-15', undefined), {
    months: { from: '2025-07-01', until: undefined },
    days: [{ since: '2025-06-15', upTo: '2025-06-30' }],
  });
  assert.deepEqual(splitByWholeMonths(), { months: { from: undefined, until: undefined }, days: [] });
});

test('a range inside one month, or an empty one, is read day by day', () => {
  assert.deepEqual(splitByWholeMonths('2025-03-05', '2025-03-20'), { days: [{ since: '2025-03-05', upTo: '2025-03-20' }] });
  assert.deepEqual(splitByWholeMonths('2025-03-05', '2025-04-20'), { days: [{ since: '2025-03-05', upTo: '2025-04-20' }] });
  assert.deepEqual(splitByWholeMonths('2025-05-10', '2025-03-01'), { days: [{ since: '2025-05-10', upTo: '2025-03-01' }] });
  assert.deepEqual(splitByWholeMonths('2025-12-31', '2026-01-01'), { days: [{ since: '2025-12-31', upTo: '2026-01-01' }] });
});

test('every day of a range is counted once, whatever the ends', () => {
  const days = (since: string, upTo: string) => {
    const out: string[] = [];
    for (let d = new Date(`${since}T00:00:00Z`); d.toISOString().slice(0, 10) <= upTo; d.setUTCDate(d.getUTCDate() + 1))
      out.push(d.toISOString().slice(0, 10));
    return out;
  };
  const all = days('2023-11-01', '2025-03-31');
  for (let i = 0; i < all.length; i += 7)
    for (let j = i; j < all.length; j += 11) {
      const split = splitByWholeMonths(all[i], all[j]);
      const covered = [
        ...all.filter((d) => split.months && (split.months.from ?? '') <= d && d < (split.months.until ?? '9999')),
        ...split.days.flatMap((r) => days(r.since!, r.upTo!)),
      ].sort();
      assert.deepEqual(covered, days(all[i]!, all[j]!), `${all[i]}..${all[j]}`);
    }
});
