import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildApartment } from '../../seed/factories.ts';
import { apartments } from '../../db/schema.ts';

const newUser = (building: number, apartment: number, email: string) => ({
  name: 'Lucía Torres',
  email,
  password: 'Inicial123',
  contact: '3514001122',
  isDeleted: false,
  building,
  apartment,
});

describe('users', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  before(async () => {
    t = await startTestServer();
    w = await twoTenants(t);
  });
  after(() => t.close());

  test('an administrator registers a resident: 201, first_logging, no secrets, the apartment becomes occupied', async () => {
    const { a } = w;
    const apt = await buildApartment(t.database.db, a.building.id, { numberApartment: '2C', state: 0 });
    const res = await a.adminClient.post('/api/users/', newUser(a.building.id, apt.id, 'Lucia.Torres@Example.com'));
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body, {
      id: res.body.id,
      name: 'Lucía Torres',
      email: 'lucia.torres@example.com',
      contact: '3514001122',
      isDeleted: false,
      role: 'resident',
      first_logging: true,
      apartmentId: apt.id,
      apartment: { id: apt.id, number_apartment: '2C', buildingId: a.building.id },
      building: { id: a.building.id, name: a.building.name },
    });
    assert.doesNotMatch(res.text, /password|hash|Inicial123/i);
    const [row] = await t.database.db.select().from(apartments).where(eq(apartments.id, apt.id));
    assert.equal(row!.state, 1);

    // The same e-mail again: 409 with the spec's message and hint.
    const dup = await a.adminClient.post('/api/users/', newUser(a.building.id, apt.id, 'lucia.torres@example.com'));
    assert.equal(dup.status, 409);
    assert.deepEqual(dup.body.error, {
      code: 'CONFLICT',
      message: 'El mail ya está registrado en nuestra BBDD',
      fields: { email: 'Use otro email' },
    });

    // Validation with the shared messages.
    const bad = await a.adminClient.post('/api/users/', { ...newUser(a.building.id, apt.id, 'x@example.com'), password: 'corta' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.fields.password, '1 nro, 1 mayus y 1 min');
    const missing = await a.adminClient.post('/api/users/', { ...newUser(a.building.id, apt.id, 'y@example.com'), apartment: '' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.message, 'Debe completar todos los campos');
  });

  test('an apartment outside the building or outside my buildings is 404', async () => {
    const { a, b } = w;
    const other = await a.adminClient.post('/api/users/', newUser(a.building.id, b.apartment.id, 'z1@example.com'));
    assert.equal(other.status, 404);
    const foreign = await a.adminClient.post('/api/users/', newUser(b.building.id, b.apartment.id, 'z2@example.com'));
    assert.equal(foreign.status, 404);
  });

  test('lists filter by building and apartment in the database, with paging', async () => {
    const { a } = w;
    const all = await a.adminClient.get(`/api/users/getall`);
    assert.equal(all.status, 200);
    assert.ok(all.body.items.every((u: { building: { id: number } }) => u.building.id === a.building.id));
    assert.equal(all.body.total, all.body.items.length);

    const byApt = await a.adminClient.get(`/api/users/getall?buildingId=${a.building.id}&apartmentId=${a.apartment.id}`);
    assert.deepEqual(
      byApt.body.items.map((u: { id: number }) => u.id),
      [a.resident.id],
    );
    const paged = await a.adminClient.get(`/api/users/getall?buildingId=${a.building.id}&pageSize=1&page=2`);
    assert.equal(paged.body.items.length, 1);
    assert.equal(paged.body.total, 2);

    const noBuilding = await a.adminClient.get(`/api/users/getall?apartmentId=${a.apartment.id}`);
    assert.equal(noBuilding.status, 400);
    assert.equal(noBuilding.body.error.message, 'No se puede elegir departamento sin selecciona edificio');

    const inBuilding = await a.adminClient.get(`/api/users/allByBuilding/${a.building.id}`);
    assert.equal(inBuilding.body.total, 2);
    const inApt = await a.adminClient.get(`/api/users/all/${a.apartment.id}`);
    assert.deepEqual(
      inApt.body.items.map((u: { email: string }) => u.email),
      [a.resident.email],
    );
    const one = await a.adminClient.get(`/api/users/${a.resident.id}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.name, 'Vecino A');
  });

  test('editing saves name, email and contact; banning ends the sessions at once and blocks the login', async () => {
    const { a } = w;
    const residentSession = a.residentClient;
    assert.equal((await residentSession.get('/api/loggings/session')).status, 200);

    const edit = { id: a.resident.id, name: 'Vecino Editado', email: a.resident.email, contact: '3519998877', isDeleted: false };
    const saved = await a.adminClient.put(`/api/users/${a.resident.id}`, edit);
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.name, 'Vecino Editado');
    assert.equal(saved.body.contact, '3519998877');

    const badContact = await a.adminClient.put(`/api/users/${a.resident.id}`, { ...edit, contact: '351-99' });
    assert.equal(badContact.status, 400);
    assert.equal(badContact.body.error.fields.contact, 'Es muy corto');

    const banned = await a.adminClient.put(`/api/users/${a.resident.id}`, { ...edit, isDeleted: true });
    assert.equal(banned.status, 200);
    assert.equal(banned.body.isDeleted, true);
    assert.equal((await residentSession.get('/api/loggings/session')).status, 401);
    const login = await t.client().post('/api/loggings/loggingIn', { email: a.resident.email, password: a.resident.password });
    assert.equal(login.status, 403);
    assert.equal(login.body.error.message, 'Usuario deshabilitado');

    const allowed = await a.adminClient.put(`/api/users/${a.resident.id}`, { ...edit, isDeleted: false });
    assert.equal(allowed.body.isDeleted, false);
    await residentSession.login(a.resident.email, a.resident.password);
  });

  test('a taken e-mail on edit is 409', async () => {
    const { a } = w;
    const res = await a.adminClient.put(`/api/users/${a.resident.id}`, {
      name: 'Vecino A',
      email: w.b.resident.email,
      contact: '3514000000',
      isDeleted: false,
    });
    assert.equal(res.status, 409);
    assert.equal(res.body.error.message, 'El mail ya está registrado en nuestra BBDD');
  });

  test("tenancy: another administrator's ids answer 404 on every call", async () => {
    const { a, b } = w;
    const c = b.adminClient;
    const edit = { name: 'Intruso', email: 'intruso@example.com', contact: '3514000000', isDeleted: true };
    const calls = [
      await c.get(`/api/users/${a.resident.id}`),
      await c.put(`/api/users/${a.resident.id}`, edit),
      await c.get(`/api/users/allByBuilding/${a.building.id}`),
      await c.get(`/api/users/all/${a.apartment.id}`),
      await c.post('/api/users/', newUser(a.building.id, a.apartment.id, 'intruso2@example.com')),
    ];
    assert.deepEqual(
      calls.map((r) => r.status),
      [404, 404, 404, 404, 404],
    );
    const filtered = await c.get(`/api/users/getall?buildingId=${a.building.id}`);
    assert.deepEqual(filtered.body, { items: [], total: 0 });
    // Nothing changed.
    assert.equal((await a.adminClient.get(`/api/users/${a.resident.id}`)).body.isDeleted, false);
  });

  test('roles: a resident reads only themself and gets 403 on every administrator call', async () => {
    const { a, b } = w;
    const r = a.residentClient;
    const self = await r.get(`/api/users/${a.resident.id}`);
    assert.equal(self.status, 200);
    assert.equal(self.body.email, a.resident.email);
    assert.equal((await r.get(`/api/users/${b.resident.id}`)).status, 404);
    assert.equal((await r.get(`/api/users/${a.admin.id}`)).status, 404);

    const adminCalls = [
      r.get('/api/users/getall'),
      r.get(`/api/users/allByBuilding/${a.building.id}`),
      r.get(`/api/users/all/${a.apartment.id}`),
      r.post('/api/users/', newUser(a.building.id, a.apartment.id, 'vecino-crea@example.com')),
      r.put(`/api/users/${a.resident.id}`, { name: 'Vecino A', email: a.resident.email, contact: '3514000000', isDeleted: false }),
      // Administrator calls of the other modules that exist.
      r.get('/api/buildings/all'),
      r.delete(`/api/buildings/${a.building.id}`),
      r.get(`/api/apartments/all/${a.building.id}`),
      r.get(`/api/apartments/${a.apartment.id}`),
      r.delete(`/api/apartments/delete/${a.apartment.id}`),
      r.post('/api/spendings/add', {}),
      r.delete('/api/spendings/del/1'),
    ];
    const statuses = (await Promise.all(adminCalls)).map((res) => res.status);
    assert.deepEqual(
      statuses,
      adminCalls.map(() => 403),
    );
    assert.equal((await t.client().get('/api/users/getall')).status, 401);
  });

  test('two creations racing for one e-mail: one 201, one 409', async () => {
    const { a } = w;
    const apt = await buildApartment(t.database.db, a.building.id);
    const body = newUser(a.building.id, apt.id, 'carrera@example.com');
    const results = await Promise.all([a.adminClient.post('/api/users/', body), a.adminClient.post('/api/users/', body)]);
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
  });
  test('the role is checked before the input: a resident with an invalid call gets 403, an anonymous caller 401', async () => {
    const { a } = w;
    const badBody = { name: '', email: 'no-es-mail', contact: 'x' };
    const calls = (c: typeof a.residentClient) => [
      c.get(`/api/users/getall?apartmentId=${a.apartment.id}`),
      c.get('/api/users/getall?page=0'),
      c.get('/api/users/allByBuilding/abc'),
      c.get('/api/users/all/0?pageSize=9999'),
      c.post('/api/users/', badBody),
      c.post('/api/users/'),
      c.put(`/api/users/${a.resident.id}`, badBody),
      c.put('/api/users/abc', badBody),
    ];
    const resident = await Promise.all(calls(a.residentClient));
    assert.deepEqual(
      resident.map((r) => r.status),
      resident.map(() => 403),
    );
    assert.ok(resident.every((r) => r.body.error.code === 'FORBIDDEN' && !r.body.error.fields));
    const anonymous = await Promise.all([...calls(t.client()), t.client().get('/api/users/abc')]);
    assert.deepEqual(
      anonymous.map((r) => r.status),
      anonymous.map(() => 401),
    );
  });

  test("list bounds the shared schema leaves without a message answer in Spanish, not zod's English", async () => {
    const res = await w.a.adminClient.get('/api/users/getall?page=0&pageSize=9999');
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.error, {
      code: 'VALIDATION',
      message: 'El valor no es válido',
      fields: { page: 'El valor no es válido', pageSize: 'El valor no es válido' },
    });
  });
});
