import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createUserSchema, listUsersQuerySchema, NAME_TYPING, DIGITS_TYPING, updateUserSchema, userStateLabel } from './users.ts';

const firstMessage = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const user = { name: 'Ana Gómez', email: 'Ana@Example.com', password: 'Clave1234', contact: '3514567890', building: 3, apartment: '7' };

test('user create needs every field, building and apartment included', () => {
  assert.deepEqual(createUserSchema.parse(user), { ...user, email: 'ana@example.com', apartment: 7, isDeleted: false });
  assert.equal(firstMessage(createUserSchema.safeParse({ ...user, apartment: '' })), 'Debe completar todos los campos');
  assert.equal(firstMessage(createUserSchema.safeParse({ ...user, building: 0 })), 'Debe completar todos los campos');
  assert.equal(firstMessage(createUserSchema.safeParse({ ...user, name: 'Al' })), 'Es muy corto');
  assert.equal(firstMessage(createUserSchema.safeParse({ ...user, password: 'clave1234' })), '1 nro, 1 mayus y 1 min');
  assert.equal(firstMessage(createUserSchema.safeParse({ ...user, contact: '1234' })), 'Es muy corto');
});

test('user edit: the spec messages, and e-mails longer than 20 are accepted', () => {
  const edit = { name: 'Ana Gómez', email: 'ana.gomez.larga@ejemplo.com.ar', contact: '3514567890', isDeleted: true };
  assert.equal(updateUserSchema.parse(edit).email, 'ana.gomez.larga@ejemplo.com.ar');
  assert.equal(firstMessage(updateUserSchema.safeParse({ ...edit, name: 'Ana$' })), 'No se permiten caracteres especiales');
  assert.equal(firstMessage(updateUserSchema.safeParse({ ...edit, name: 'A'.repeat(21) })), 'Es muy largo');
  assert.equal(firstMessage(updateUserSchema.safeParse({ ...edit, email: 'no-mail' })), 'Contiene caracteres no aceptados');
  assert.equal(firstMessage(updateUserSchema.safeParse({ ...edit, contact: '351-456789' })), 'Solo se permiten numeros');
  assert.equal(firstMessage(updateUserSchema.safeParse({ ...edit, contact: '' })), 'Debe completar el nombre, email y numero de contacto');
});

test('an apartment filter needs a building', () => {
  assert.equal(
    firstMessage(listUsersQuerySchema.safeParse({ apartmentId: '3' })),
    'No se puede elegir departamento sin selecciona edificio',
  );
  assert.deepEqual(listUsersQuerySchema.parse({ buildingId: '1', apartmentId: '3' }), {
    page: 1,
    pageSize: 50,
    buildingId: 1,
    apartmentId: 3,
  });
});

test('typing filters and state labels', () => {
  assert.ok(NAME_TYPING.test('José María'));
  assert.ok(!NAME_TYPING.test('José1'));
  assert.ok(DIGITS_TYPING.test('351'));
  assert.ok(!DIGITS_TYPING.test('351a'));
  assert.equal(userStateLabel(false), 'Habilitado');
  assert.equal(userStateLabel(true), 'Deshabilitado');
});

test('create and edit share the bounds of a name, a contact and an e-mail; control characters are refused', () => {
  const edit = { name: 'Ana Gómez', email: 'ana@example.com', contact: '3514567890', isDeleted: false };
  for (const [field, tooLong] of [
    ['name', 'A'.repeat(21)],
    ['contact', '1'.repeat(21)],
    ['email', `${'a'.repeat(250)}@x.co`],
  ] as const) {
    assert.equal(firstMessage(createUserSchema.safeParse({ ...user, [field]: tooLong })), 'Es muy largo', `create ${field}`);
    assert.equal(firstMessage(updateUserSchema.safeParse({ ...edit, [field]: tooLong })), 'Es muy largo', `edit ${field}`);
    assert.equal(
      firstMessage(updateUserSchema.safeParse({ ...edit, [field]: `${edit[field]}\u0000` })),
      'Contiene caracteres no aceptados',
      `edit ${field} NUL`,
    );
  }
  assert.equal(firstMessage(createUserSchema.safeParse({ ...user, apartment: 2 ** 31 })), 'El valor no es válido');
});
