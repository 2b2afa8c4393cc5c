import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { apartments, complaints, expenses, settlements } from '../../db/schema.ts';

describe('apartments', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  async function adminWithBuilding(): Promise<{ client: HttpClient; buildingId: number }> {
    const admin = await buildAdmin(t.database.db);
    const building = await buildBuilding(t.database.db, admin.id);
    const client = t.client();
    await client.login(admin.email, admin.password);
    return { client, buildingId: building.id };
  }

  test('create, read, list sorted by number, edit and delete', async () => {
    const { client, buildingId } = await adminWithBuilding();
    const created = await client.post('/api/apartments/', {
      building: buildingId,
      cata_apartment: 'UF 12',
      mt2: '62,5',
      number_apartment: '2B',
      state: 1,
    });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body, {
      id: created.body.id,
      buildingId,
      cata_apartment: 'UF 12',
      number_apartment: '2B',
      mt2: 62.5,
      state: 1,
    });
    await client.post('/api/apartments', { building: buildingId, cata_apartment: 'UF 11', mt2: 48, number_apartment: '1A', state: 0 });

    assert.deepEqual((await client.get(`/api/apartments/${created.body.id}`)).body, created.body);
    const list = await client.get(`/api/apartments/all/${buildingId}?pageSize=1`);
    assert.equal(list.body.total, 2);
    assert.deepEqual(
      list.body.items.map((a: { number_apartment: string }) => a.number_apartment),
      ['1A'],
    );
    const page2 = await client.get(`/api/apartments/all/${buildingId}?pageSize=1&page=2`);
    assert.equal(page2.body.items[0].number_apartment, '2B');

    const edited = await client.put(`/api/apartments/${created.body.id}`, {
      cata_apartment: 'UF-12',
      mt2: 63.25,
      number_apartment: '2B',
      state: 0,
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.mt2, 63.25);
    assert.equal(edited.body.state, 0);

    assert.equal((await client.delete(`/api/apartments/delete/${created.body.id}`)).status, 204);
    assert.equal((await client.get(`/api/apartments/${created.body.id}`)).status, 404);
    assert.equal((await client.get(`/api/apartments/all/${buildingId}`)).body.total, 1);
  });

  test('the list is in natural order: PB, 1, 2, 2A, 10', async () => {
    const { client, buildingId } = await adminWithBuilding();
    for (const n of ['10', '2A', 'PB', '1', '2']) await buildApartment(t.database.db, buildingId, { numberApartment: n });
    const list = await client.get(`/api/apartments/all/${buildingId}`);
    assert.deepEqual(
      list.body.items.map((a: { number_apartment: string }) => a.number_apartment),
      ['PB', '1', '2', '2A', '10'],
    );
  });

  test('validation follows spec §5, the server accepting what the edit form accepts', async () => {
    const { client, buildingId } = await adminWithBuilding();
    const body = { building: buildingId, cata_apartment: 'UF 1', mt2: 50, number_apartment: '1A', state: 0 };
    const cases: [object, string, string][] = [
      [{ cata_apartment: 'U' }, 'cata_apartment', 'Es muy corto'],
      [{ cata_apartment: 'U'.repeat(21) }, 'cata_apartment', 'Es muy largo'],
      [{ cata_apartment: 'UF#1' }, 'cata_apartment', 'Contiene caracteres no aceptados'],
      [{ number_apartment: '1a' }, 'number_apartment', 'Solo se permiten mayusculas y numeros'],
      [{ number_apartment: '' }, 'number_apartment', 'Debe completar todos los campos'],
      [{ mt2: -5 }, 'mt2', 'No se puede ingresar numeros negativos'],
      [{ mt2: 'mucho' }, 'mt2', 'Solo se permiten numeros, comas y puntos'],
      [{ mt2: '62,555' }, 'mt2', 'Solo se permiten hasta 2 decimales'],
      [{ mt2: 62.555 }, 'mt2', 'Solo se permiten hasta 2 decimales'],
      [{ state: null }, 'state', 'Debe completar todos los campos'],
      [{ state: '' }, 'state', 'Debe completar todos los campos'],
      [{ state: true }, 'state', 'Debe completar todos los campos'],
      [{ state: '2' }, 'state', 'Debe completar todos los campos'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await client.post('/api/apartments', { ...body, ...patch });
      assert.equal(res.status, 400, JSON.stringify(patch));
      assert.equal(res.body.error.code, 'VALIDATION');
      assert.equal(res.body.error.fields[field], message, JSON.stringify(patch));
    }
    assert.equal((await client.post('/api/apartments', { ...body, state: 2 })).status, 400);
    const { state: _omitted, ...withoutState } = body;
    assert.equal((await client.post('/api/apartments', withoutState)).status, 400, 'state is required');
    // The radio values of the forms are fine as text.
    const asText = await client.post('/api/apartments', { ...body, number_apartment: '1B', state: '1', mt2: '62,55' });
    assert.equal(asText.status, 201, asText.text);
    assert.equal(asText.body.state, 1);
    assert.equal(asText.body.mt2, 62.55);
    const edited = await client.put(`/api/apartments/${asText.body.id}`, { ...withoutState, number_apartment: '1B', state: null });
    assert.equal(edited.status, 400, 'null is not vacant');
    assert.equal((await client.get(`/api/apartments/${asText.body.id}`)).body.state, 1, 'unchanged');
    // Edit bounds: a two-letter cadastre and a long number are fine.
    const ok = await client.post('/api/apartments', { ...body, cata_apartment: 'UF', number_apartment: 'LOCAL-COMERCIAL-1' });
    assert.equal(ok.status, 201, ok.text);
  });

  test('a number already used in the building answers 409, even for simultaneous requests', async () => {
    const { client, buildingId } = await adminWithBuilding();
    const body = { building: buildingId, cata_apartment: 'UF 7', mt2: 40, number_apartment: '7C', state: 0 };
    const results = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/apartments', body)));
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409, 409]);
    const conflict = results.find((r) => r.status === 409)!;
    assert.deepEqual(conflict.body, { error: { code: 'CONFLICT', message: 'No se cargó el dpto' } });
    assert.equal((await client.get(`/api/apartments/all/${buildingId}`)).body.total, 1);
  });

  test('renumbering: only a vacant apartment, and never onto a taken number', async () => {
    const { client, buildingId } = await adminWithBuilding();
    const occupied = await buildApartment(t.database.db, buildingId, { numberApartment: '1A', state: 1 });
    const vacant = await buildApartment(t.database.db, buildingId, { numberApartment: '1B', state: 0 });
    const lived = await buildApartment(t.database.db, buildingId, { numberApartment: '1C', state: 0 });
    await buildResident(t.database.db, lived.id);
    const edit = (id: number, number_apartment: string, state = 0) =>
      client.put(`/api/apartments/${id}`, { cata_apartment: 'UF-1', mt2: 50, number_apartment, state });

    const refused = await edit(occupied.id, '9Z', 1);
    assert.equal(refused.status, 409);
    assert.deepEqual(refused.body, { error: { code: 'CONFLICT', message: 'Error al modificar el dpto' } });
    assert.equal((await edit(lived.id, '9Y')).status, 409, 'a resident lives there');
    assert.equal((await edit(occupied.id, '1A', 1)).status, 200, 'same number: other fields change');
    assert.equal((await edit(vacant.id, '1A')).status, 409, 'taken number');

    // Two vacant apartments racing for the same new number: one wins.
    const other = await buildApartment(t.database.db, buildingId, { numberApartment: '1D', state: 0 });
    const race = await Promise.all([edit(vacant.id, '5E'), edit(other.id, '5E')]);
    assert.deepEqual(race.map((r) => r.status).sort(), [200, 409]);
  });

  test('delete: 409 while residents live there; with expenses history it is archived, not destroyed', async () => {
    const { client, buildingId } = await adminWithBuilding();
    const lived = await buildApartment(t.database.db, buildingId, { numberApartment: '3A', state: 1 });
    await buildResident(t.database.db, lived.id);
    const refused = await client.delete(`/api/apartments/delete/${lived.id}`);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error.message, 'No se puede eliminar el dpto');

    const billed = await buildApartment(t.database.db, buildingId, { numberApartment: '3B' });
    const [settlement] = await t.database.db.insert(settlements).values({ buildingId, year: 2026, month: 0, totalCents: 1000 }).returning();
    await t.database.db
      .insert(expenses)
      .values({ apartmentId: billed.id, buildingId, settlementId: settlement!.id, year: 2026, month: 0, amountCents: 1000, mt2: 40 });
    assert.equal((await client.delete(`/api/apartments/delete/${billed.id}`)).status, 204);
    const [row] = await t.database.db.select().from(apartments).where(eq(apartments.id, billed.id));
    assert.ok(row?.archivedAt, 'archived');
    assert.equal((await client.get(`/api/apartments/${billed.id}`)).status, 404);
    // Its number is free again.
    assert.equal(
      (await client.post('/api/apartments', { building: buildingId, cata_apartment: 'UF 3', mt2: 40, number_apartment: '3B', state: 0 }))
        .status,
      201,
    );

    // A complaint still points at it (its resident moved out): archived too, the complaint keeps its record.
    const former = await buildApartment(t.database.db, buildingId, { numberApartment: '3D' });
    const mover = await buildResident(t.database.db, former.id);
    await t.database.db.insert(complaints).values({
      buildingId,
      apartmentId: former.id,
      userId: mover.id,
      date: '2026-05-01',
      subject: 'Ruidos',
      details: 'De noche',
      importance: 'media',
    });
    await t.database.db.execute(sql`update users set apartment_id = null where id = ${mover.id}`);
    assert.equal((await client.delete(`/api/apartments/delete/${former.id}`)).status, 204);
    const [kept] = await t.database.db.select().from(apartments).where(eq(apartments.id, former.id));
    assert.ok(kept?.archivedAt);

    const plain = await buildApartment(t.database.db, buildingId, { numberApartment: '3C' });
    assert.equal((await client.delete(`/api/apartments/delete/${plain.id}`)).status, 204);
    assert.equal((await t.database.db.select().from(apartments).where(eq(apartments.id, plain.id))).length, 0, 'no history: removed');
  });

  test("another administrator's ids answer 404 on every call; residents get 403", async () => {
    const { a, b } = await twoTenants(t);
    const c = a.adminClient;
    const body = { cata_apartment: 'UF 9', mt2: 40, number_apartment: '9A', state: 0 };
    assert.equal((await c.get(`/api/apartments/all/${b.building.id}`)).status, 404);
    assert.equal((await c.get(`/api/apartments/${b.apartment.id}`)).status, 404);
    assert.equal((await c.post('/api/apartments', { ...body, building: b.building.id })).status, 404);
    assert.equal((await c.put(`/api/apartments/${b.apartment.id}`, body)).status, 404);
    assert.equal((await c.delete(`/api/apartments/delete/${b.apartment.id}`)).status, 404);
    assert.equal((await c.get('/api/apartments/all/999999')).status, 404);
    const mine = await b.adminClient.get(`/api/apartments/${b.apartment.id}`);
    assert.equal(mine.body.number_apartment, '1A', 'untouched');

    const r = a.residentClient;
    assert.equal((await r.get(`/api/apartments/all/${a.building.id}`)).status, 403);
    assert.equal((await r.get(`/api/apartments/${a.apartment.id}`)).status, 403);
    assert.equal((await r.post('/api/apartments', { ...body, building: a.building.id })).status, 403);
    assert.equal((await r.put(`/api/apartments/${a.apartment.id}`, body)).status, 403);
    assert.equal((await r.delete(`/api/apartments/delete/${a.apartment.id}`)).status, 403);
  });
});
