import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AMOUNT_TYPING_PATTERN, createSpendingSchema, normalizeConcept, spendingFormSchema, SPENDING_MSG } from './spendings.ts';

const valid = { building: 3, date: '2025-03-10', concept: 'Limpieza', supplier: 'Brillo SRL', details: 'Marzo', amount: 185000.5 };
const firstMessage = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

test('a complete spending is accepted; every field is required with one message', () => {
  assert.equal(createSpendingSchema.safeParse(valid).success, true);
  for (const key of ['building', 'date', 'concept', 'supplier', 'details', 'amount'] as const) {
    const { [key]: _, ...rest } = valid;
    assert.equal(firstMessage(createSpendingSchema.safeParse(rest)), SPENDING_MSG.fillAll, key);
  }
  assert.equal(firstMessage(createSpendingSchema.safeParse({ ...valid, concept: '   ' })), SPENDING_MSG.fillAll);
});

test('amounts must be positive with at most two decimals; negatives have their own message', () => {
  assert.equal(firstMessage(createSpendingSchema.safeParse({ ...valid, amount: -5 })), SPENDING_MSG.negative);
  assert.equal(firstMessage(createSpendingSchema.safeParse({ ...valid, amount: 0 })), SPENDING_MSG.fillAll);
  assert.equal(firstMessage(createSpendingSchema.safeParse({ ...valid, amount: 1.234 })), SPENDING_MSG.twoDecimals);
  assert.equal(createSpendingSchema.safeParse({ ...valid, date: '2025-02-30' }).success, false);
});

test('the form takes the amount as typed text, with a comma or a point', () => {
  assert.equal(spendingFormSchema.parse({ ...valid, amount: '1234,5' }).amount, 1234.5);
  assert.equal(spendingFormSchema.parse({ ...valid, amount: '99.99' }).amount, 99.99);
  assert.equal(firstMessage(spendingFormSchema.safeParse({ ...valid, amount: '' })), SPENDING_MSG.fillAll);
  assert.equal(firstMessage(spendingFormSchema.safeParse({ ...valid, building: '' })), SPENDING_MSG.fillAll);
  assert.equal(AMOUNT_TYPING_PATTERN.test('-'), false);
  assert.equal(AMOUNT_TYPING_PATTERN.test('12,5'), true);
});

test('concept names are normalised to capitalised lower case', () => {
  assert.equal(normalizeConcept('  LIMPIEZA '), 'Limpieza');
  assert.equal(normalizeConcept('sueldo ENCARGADO'), 'Sueldo encargado');
  assert.equal(normalizeConcept('ágUA'), 'Água');
});
