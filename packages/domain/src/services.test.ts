import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FOLD_FROM, FOLD_TO, SERVICE_MSG, createServiceSchema, foldForSearch, isContact, roundedStars } from './services.ts';

test('the search fold: accents off and lower case, one letter for one letter', () => {
  assert.equal([...FOLD_FROM].length, [...FOLD_TO].length, 'translate() needs tables of the same length');
  assert.equal(foldForSearch('ELECTRICIDAD Ñandú Pingüino Çà'), 'electricidad nandu pinguino ca');
  assert.equal(foldForSearch('Plomería'), foldForSearch('PLOMERIA'));
  for (const c of FOLD_TO) assert.equal(foldForSearch(c), c, 'the folded letters fold to themselves');
});

test('contact: a phone number as people type it, or an e-mail', () => {
  for (const ok of ['1145678901', '+54 9 11 4567-8901', '(0351) 423.4567', 'plomero@ejemplo.com.ar']) assert.equal(isContact(ok), true, ok);
  for (const bad of ['llamar al portero', '12345', '11-4567-abcd', 'a@b', '+', '1'.repeat(21)]) assert.equal(isContact(bad), false, bad);
});

test('the service form: required fields, digits-only enrollment and the contact message', () => {
  const base = { title: 'Plomero', provider: 'Juan', contact: '1145678901', buildingId: 1 };
  assert.deepEqual(createServiceSchema.parse(base), { ...base, enrollment: '', detail: '' });
  const contact = createServiceSchema.safeParse({ ...base, contact: 'mañana' });
  assert.equal(contact.success, false);
  assert.equal(contact.error?.issues[0]?.message, SERVICE_MSG.contact);
  assert.equal(createServiceSchema.safeParse({ ...base, enrollment: '12a' }).success, false);
  assert.equal(createServiceSchema.safeParse({ ...base, title: '  ' }).error?.issues[0]?.message, SERVICE_MSG.fill);
});

test('a card shows the average rounded to a whole star', () => {
  assert.equal(roundedStars(null), 0);
  assert.equal(roundedStars(4.5), 5);
  assert.equal(roundedStars(4.4), 4);
});
