import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prorateByArea, settlementYears } from './expenses.ts';

const sum = (xs: { amountCents: number }[]) => xs.reduce((s, x) => s + x.amountCents, 0);

test('shares follow the area and add up exactly to the total', () => {
  const r = prorateByArea(100_000, [
    { id: 1, mt2: 50 },
    { id: 2, mt2: 30 },
    { id: 3, mt2: 20 },
  ]);
  assert.deepEqual(r, [
    { id: 1, amountCents: 50_000 },
    { id: 2, amountCents: 30_000 },
    { id: 3, amountCents: 20_000 },
  ]);
});

test('left-over cents go to the largest remainders', () => {
  // 100 cents over three equal areas: 33.33 each, one cent left, to the first by input order.
  assert.deepEqual(
    prorateByArea(100, [
      { id: 7, mt2: 10 },
      { id: 8, mt2: 10 },
      { id: 9, mt2: 10 },
    ]).map((x) => x.amountCents),
    [34, 33, 33],
  );
  // 1000 cents over 62.5 / 48 / 75.25 m2: exact 336.47 / 258.41 / 405.11 → the left-over cent goes to the first.
  const r = prorateByArea(1000, [
    { id: 1, mt2: 62.5 },
    { id: 2, mt2: 48 },
    { id: 3, mt2: 75.25 },
  ]);
  assert.deepEqual(
    r.map((x) => x.amountCents),
    [337, 258, 405],
  );
  assert.equal(sum(r), 1000);
});

test('many apartments and awkward totals never lose or invent a cent', () => {
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let round = 0; round < 200; round++) {
    const apts = Array.from({ length: 1 + Math.floor(rnd() * 300) }, (_, i) => ({
      id: i + 1,
      mt2: Math.round(rnd() * 20000) / 100 + 0.01,
    }));
    const total = Math.floor(rnd() * 1e11);
    const r = prorateByArea(total, apts);
    assert.equal(sum(r), total);
    const totalArea = apts.reduce((s, a) => s + a.mt2, 0);
    for (let i = 0; i < apts.length; i++) {
      assert.ok(
        Math.abs(r[i]!.amountCents - (total * apts[i]!.mt2) / totalArea) < 1.0001,
        'each share is within a cent of its exact value',
      );
    }
  }
});

test('a zero-area apartment pays nothing; a building without area cannot be prorated', () => {
  assert.deepEqual(
    prorateByArea(999, [
      { id: 1, mt2: 0 },
      { id: 2, mt2: 40 },
    ]).map((x) => x.amountCents),
    [0, 999],
  );
  assert.throws(() => prorateByArea(100, [{ id: 1, mt2: 0 }]), RangeError);
  assert.throws(() => prorateByArea(100, []), RangeError);
  assert.throws(() => prorateByArea(1.5, [{ id: 1, mt2: 1 }]), RangeError);
});

test('the generation years run from 2021 to the current year', () => {
  assert.deepEqual(settlementYears(2023), [2021, 2022, 2023]);
  assert.deepEqual(settlementYears(2026).at(-1), 2026);
});
