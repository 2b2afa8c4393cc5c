import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changePasswordSchema, loginSchema, tokenSchema } from './auth.ts';

test('a reset token of any length up to the bound is accepted, to be looked up (unknown ones are 404, not 400)', () => {
  for (const token of ['', 'abc', 'x'.repeat(512)]) assert.equal(tokenSchema.safeParse({ token }).success, true, token);
  assert.equal(changePasswordSchema.safeParse({ token: 'abc', newPass: 'Nueva2026x' }).success, true);
  const missing = tokenSchema.safeParse({});
  assert.equal(missing.error?.issues[0]?.message, 'El enlace no es válido o ya venció. Pida uno nuevo');
});

test('login bounds answer with the Spanish messages', () => {
  const long = loginSchema.safeParse({ email: 'ana@example.com', password: 'x'.repeat(201) });
  assert.equal(long.error?.issues[0]?.message, 'Es muy largo');
  const empty = loginSchema.safeParse({ email: 'ana@example.com', password: '' });
  assert.equal(empty.error?.issues[0]?.message, 'Debe completar todos los campos');
});
