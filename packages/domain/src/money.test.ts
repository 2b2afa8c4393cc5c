import { test } from 'node:test';
import assert from 'node:assert/strict';
import { centsToPesos, hasAtMostTwoDecimals, pesosToCents, sumPesos } from './money.ts';
import { SPENDING_BOUNDS, createSpendingSchema } from './spendings.ts';

test('large amounts with two decimals are accepted and convert to exact cents', () => {
  // These were refused by an absolute 1e-6 tolerance on n * 100.
  for (const [pesos, cents] of [
    [154626034.23, 15462603423],
    [272779535.04, 27277953504],
    [SPENDING_BOUNDS.maxAmount, 99999999999],
    [100000000.01, 10000000001],
  ] as const) {
    assert.equal(hasAtMostTwoDecimals(pesos), true, String(pesos));
    assert.equal(pesosToCents(pesos), cents, String(pesos));
    assert.equal(centsToPesos(cents), pesos);
  }
  const spending = { building: 1, date: '2025-03-10', concept: 'Obra', supplier: 'Constructora', details: 'Fachada' };
  assert.equal(createSpendingSchema.safeParse({ ...spending, amount: 154626034.23 }).success, true);
  assert.equal(createSpendingSchema.safeParse({ ...spending, amount: 999_999_999.99 }).success, true);
});

test('every amount typed with two decimals between 1e8 and 4e8 passes and round-trips through cents', () => {
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647);
  for (let i = 0; i < 50_000; i++) {
    const cents = 10_000_000_000 + (rnd() % 30_000_000_000) + (rnd() % 100);
    const typed = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const pesos = Number(typed);
    assert.equal(hasAtMostTwoDecimals(pesos), true, typed);
    assert.equal(pesosToCents(pesos), cents, typed);
    assert.equal(centsToPesos(cents), pesos, typed);
  }
});

test('more than two decimals is refused at any magnitude', () => {
  for (const n of [10.255, 1.001, 0.001, 1e-7, 123456789.123, 0.1 + 0.2, Number.MIN_VALUE])
    assert.equal(hasAtMostTwoDecimals(n), false, String(n));
  for (const n of [0, 1, 0.5, 10.25, 1e21, -3.75]) assert.equal(hasAtMostTwoDecimals(n), true, String(n));
  for (const n of [Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(hasAtMostTwoDecimals(n), false);
});

test('pesos to cents is exact for two decimals, rounds anything finer, keeps the sign', () => {
  assert.equal(pesosToCents(0.01), 1);
  assert.equal(pesosToCents(1.1), 110);
  assert.equal(pesosToCents(-3.75), -375);
  assert.equal(pesosToCents(1e21), 1e23);
  assert.equal(pesosToCents(0.1 + 0.2), 30);
  assert.equal(pesosToCents(1.006), 101);
});

test('peso amounts add up in exact cents', () => {
  assert.equal(sumPesos([0.1, 0.2]), 0.3);
  assert.equal(sumPesos([333.33, 333.33, 333.34]), 1000);
  assert.equal(sumPesos([]), 0);
});
