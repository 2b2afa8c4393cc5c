import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  emailSchema,
  ID_MAX,
  idField,
  idSchema,
  isoDateSchema,
  passwordSchema,
  safeText,
  YEAR_MAX,
  YEAR_MIN,
  yearSchema,
} from './common.ts';
import { monthKey, monthIndex, monthNameEs, monthRange } from './months.ts';
import { pesosToCents, hasAtMostTwoDecimals, formatPesos } from './money.ts';
import { formatDateEs, formatDateShortEs, todayIso } from './dates.ts';
import { nameSchema, contactSchema } from './auth.ts';

test('the password rule asks for 8 to 60 characters with a digit, a lower-case and an upper-case letter', () => {
  for (const ok of ['Abcdefg1', 'x'.repeat(57) + 'Ab1']) assert.equal(passwordSchema.safeParse(ok).success, true, ok);
  for (const bad of ['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', 'A1' + 'b'.repeat(59)]) {
    const r = passwordSchema.safeParse(bad);
    assert.equal(r.success, false, bad);
    assert.equal(r.error!.issues[0]!.message, '1 nro, 1 mayus y 1 min');
  }
});

test('e-mails are trimmed and lower-cased', () => {
  assert.equal(emailSchema.parse('  Ana@Example.COM '), 'ana@example.com');
  assert.equal(emailSchema.safeParse('ana@').success, false);
});

test('ISO dates must be real days', () => {
  assert.equal(isoDateSchema.safeParse('2026-02-28').success, true);
  assert.equal(isoDateSchema.safeParse('2026-02-30').success, false);
  assert.equal(isoDateSchema.safeParse('28/02/2026').success, false);
});

test('names accept accents and the listed punctuation, 3 to 20 characters', () => {
  assert.equal(nameSchema.parse(" María O'Neil-Núñez "), "María O'Neil-Núñez");
  assert.equal(nameSchema.safeParse('Al').error!.issues[0]!.message, 'Es muy corto');
  assert.equal(nameSchema.safeParse('A'.repeat(21)).error!.issues[0]!.message, 'Es muy largo');
  assert.equal(nameSchema.safeParse('Ana_2').error!.issues[0]!.message, 'No se permiten caracteres especiales');
  assert.equal(nameSchema.safeParse('   ').error!.issues[0]!.message, 'Debe completar todos los campos');
});

test('contacts are 8 to 20 digits, plus or hyphen', () => {
  assert.equal(contactSchema.safeParse('+54-351-4123456').success, true);
  assert.equal(contactSchema.safeParse('1234567').error!.issues[0]!.message, 'Es muy corto');
  assert.equal(contactSchema.safeParse('351 412 3456').error!.issues[0]!.message, 'Solo se permiten numeros');
});

test('month keys, Spanish names and ranges', () => {
  assert.equal(monthKey(0), 'jan');
  assert.equal(monthKey(11), 'dec');
  assert.throws(() => monthKey(12));
  assert.equal(monthIndex('sep'), 8);
  assert.equal(monthNameEs('feb'), 'Febrero');
  assert.equal(monthNameEs(11), 'Diciembre');
  assert.deepEqual(monthRange(2024, 1), { since: '2024-02-01', upTo: '2024-02-29' });
  assert.deepEqual(monthRange(2026, 11), { since: '2026-12-01', upTo: '2026-12-31' });
});

test('money converts to exact cents and formats as Argentine pesos', () => {
  assert.equal(pesosToCents(0.1 + 0.2), 30);
  assert.equal(pesosToCents(1234.56), 123456);
  assert.equal(hasAtMostTwoDecimals(10.25), true);
  assert.equal(hasAtMostTwoDecimals(10.255), false);
  assert.equal(formatPesos(1234.5).replace(/\s/g, ' '), '$ 1.234,50');
});

test('dates format as DD/MM/YYYY and DD/MM/YY; today is Argentine time', () => {
  assert.equal(formatDateEs('2026-11-05'), '05/11/2026');
  assert.equal(formatDateShortEs('2026-11-05'), '05/11/26');
  // 02:00 UTC on the 1st is still the previous day in Córdoba (UTC-3).
  assert.equal(todayIso(new Date('2026-03-01T02:00:00Z')), '2026-02-28');
});

test('ids are positive integers up to 2^31 - 1, with the caller’s message for a missing one', () => {
  assert.equal(idSchema.parse('2147483647'), ID_MAX);
  for (const bad of [2 ** 31, 0, -1, 1.5, 'abc', '']) assert.equal(idSchema.safeParse(bad).success, false, String(bad));
  const chosen = idField('Elija uno');
  assert.equal(chosen.safeParse('').error!.issues[0]!.message, 'Elija uno');
  assert.equal(chosen.safeParse(2 ** 31).error!.issues[0]!.message, 'El valor no es válido');
});

test('free text refuses NUL and other control characters, not tabs or newlines', () => {
  const text = safeText().trim().min(1).max(100);
  for (const bad of ['Luz\u0000', '\u0007', 'a\u001Bb', '\u007F', '\u0085']) {
    assert.equal(text.safeParse(bad).error?.issues[0]?.message, 'Contiene caracteres no aceptados', JSON.stringify(bad));
  }
  assert.equal(text.parse(' Luz\n\tagua\r\n '), 'Luz\n\tagua');
});

test('years and dates share the range of API.md', () => {
  assert.deepEqual([YEAR_MIN, YEAR_MAX], [2000, 2100]);
  assert.equal(yearSchema.safeParse('1999').error!.issues[0]!.message, 'Fecha fuera de rango');
  assert.equal(isoDateSchema.safeParse('0000-01-01').error!.issues[0]!.message, 'Fecha fuera de rango');
  assert.equal(isoDateSchema.safeParse('2100-12-31').success, true);
});
