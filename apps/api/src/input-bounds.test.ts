import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type HttpClient, type HttpResponse, type TestServer } from './test/harness.ts';
import { buildAdmin, buildApartment, buildBuilding } from './seed/factories.ts';

/**
 * API.md §Conventions, input bounds: an id above 2^31 - 1 is 404 in a path and 400 in a body or
 * query; text with a NUL (or another control character) is 400; dates lie in 2000..2100; malformed
 * URLs and bodies get the error format. Never a 500, on either engine.
 */
const TOO_BIG = 2 ** 31; // 2147483648: passes a JavaScript integer check, overflows PostgreSQL's integer
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'No se encontró lo que busca' } };
const BAD_CHARS = 'Contiene caracteres no aceptados';
const INVALID = 'El valor no es válido';
const OUT_OF_RANGE = 'Fecha fuera de rango';

/** The 400 body naming one field and its message. */
const fieldError = (field: string, message: string) => ({ error: { code: 'VALIDATION', message, fields: { [field]: message } } });

function assertAnswer(res: HttpResponse, status: number, body: unknown, label: string) {
  assert.equal(res.status, status, `${label}: ${res.text}`);
  assert.deepEqual(res.body, body, label);
}

describe('input bounds', () => {
  let t: TestServer;
  let admin: HttpClient;
  let buildingId: number;
  let apartmentId: number;

  const spending = () => ({ building: buildingId, date: '2025-03-10', concept: 'Luz', supplier: 'EPEC', details: 'Factura', amount: 10 });
  const apartment = () => ({ building: buildingId, cata_apartment: 'UF 9', mt2: 40, number_apartment: '9Z', state: 0 });
  const user = () => ({
    name: 'Ana Gómez',
    email: 'ana.bounds@example.com',
    password: 'Clave1234',
    contact: '3514001122',
    building: buildingId,
    apartment: apartmentId,
  });

  before(async () => {
    t = await startTestServer();
    const a = await buildAdmin(t.database.db);
    const b = await buildBuilding(t.database.db, a.id);
    const apt = await buildApartment(t.database.db, b.id, { numberApartment: '1A', mt2: 50 });
    buildingId = b.id;
    apartmentId = apt.id;
    admin = t.client();
    await admin.login(a.email, a.password);
  });
  after(() => t.close());

  test('an id above 2^31 - 1 in a path is 404 on every route that takes one', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/apartments/${TOO_BIG}`],
      ['GET', `/api/apartments/all/${TOO_BIG}`],
      ['PUT', `/api/apartments/${TOO_BIG}`, { cata_apartment: 'UF 9', mt2: 40, number_apartment: '9Z', state: 0 }],
      ['DELETE', `/api/apartments/delete/${TOO_BIG}`],
      ['GET', `/api/spendings/${TOO_BIG}`],
      ['DELETE', `/api/spendings/del/${TOO_BIG}`],
      ['PUT', `/api/expenses/changeStatus/${TOO_BIG}`],
      ['GET', `/api/expenses/${TOO_BIG}`],
      ['GET', `/api/expenses/settlement/${TOO_BIG}/2025/0`],
      ['GET', `/api/users/${TOO_BIG}`],
      ['PUT', `/api/users/${TOO_BIG}`, { name: 'Ana Gómez', email: 'ana@example.com', contact: '3514001122', isDeleted: false }],
      ['GET', `/api/users/allByBuilding/${TOO_BIG}`],
      ['GET', `/api/users/all/${TOO_BIG}`],
      ['DELETE', `/api/buildings/${TOO_BIG}`],
      // Not a number at all, or too long to be one: the path names nothing either.
      ['GET', '/api/apartments/abc'],
      ['GET', `/api/apartments/${'1'.repeat(120)}`],
    ];
    for (const [method, path, body] of calls) assertAnswer(await admin.request(method, path, body), 404, NOT_FOUND, `${method} ${path}`);
  });

  test('an id above 2^31 - 1 in a body or a query is 400 naming the field', async () => {
    const calls: [string, string, unknown, string][] = [
      ['POST', '/api/spendings/add', { ...spending(), building: TOO_BIG }, 'building'],
      ['PUT', '/api/spendings/add', { ...spending(), id: TOO_BIG }, 'id'],
      ['POST', '/api/apartments', { ...apartment(), building: TOO_BIG }, 'building'],
      ['POST', '/api/users', { ...user(), building: TOO_BIG }, 'building'],
      ['POST', '/api/users', { ...user(), apartment: TOO_BIG }, 'apartment'],
      ['POST', '/api/expenses/add/0/2025', { buildingId: TOO_BIG }, 'buildingId'],
      ['GET', `/api/spendings/all?buildingId=${TOO_BIG}`, undefined, 'buildingId'],
      ['GET', `/api/spendings/concepts?buildingId=${TOO_BIG}`, undefined, 'buildingId'],
      ['GET', `/api/spendings/stats?buildingId=${TOO_BIG}`, undefined, 'buildingId'],
      ['GET', `/api/expenses/allByApartments?buildingId=${TOO_BIG}`, undefined, 'buildingId'],
      ['GET', `/api/expenses/invoicedExpenses?buildingId=${TOO_BIG}`, undefined, 'buildingId'],
      ['GET', `/api/users/getall?buildingId=${TOO_BIG}`, undefined, 'buildingId'],
      ['GET', `/api/users/getall?buildingId=${buildingId}&apartmentId=${TOO_BIG}`, undefined, 'apartmentId'],
      ['GET', `/api/buildings/findBuilding?id=${TOO_BIG}`, undefined, 'id'],
    ];
    for (const [method, path, body, field] of calls) {
      assertAnswer(await admin.request(method, path, body), 400, fieldError(field, INVALID), `${method} ${path} ${field}`);
    }
    const { id } = (await admin.post('/api/users', { ...user(), email: 'otra.bounds@example.com' })).body;
    const edit = { id: TOO_BIG, name: 'Ana Gómez', email: 'otra.bounds@example.com', contact: '3514001122', isDeleted: false };
    assertAnswer(await admin.put(`/api/users/${id}`, edit), 400, fieldError('id', INVALID), 'PUT /api/users/{id} body id');
  });

  test('a NUL character in free text is 400, in bodies and in query filters', async () => {
    const calls: [string, string, unknown, string][] = [
      ['POST', '/api/spendings/add', { ...spending(), concept: 'Luz\u0000' }, 'concept'],
      ['POST', '/api/spendings/add', { ...spending(), supplier: 'EPEC\u0000' }, 'supplier'],
      ['POST', '/api/spendings/add', { ...spending(), details: '\u0000' }, 'details'],
      ['GET', '/api/spendings/all?concept=Luz%00', undefined, 'concept'],
      ['GET', `/api/expenses/allByApartments?buildingId=${buildingId}&number_apartment=1%00`, undefined, 'number_apartment'],
      ['POST', '/api/apartments', { ...apartment(), cata_apartment: 'UF\u00009' }, 'cata_apartment'],
      ['POST', '/api/users', { ...user(), name: 'Ana\u0000Gómez' }, 'name'],
      ['POST', '/api/users', { ...user(), contact: '3514001122\u0000' }, 'contact'],
      ['POST', '/api/admin', { name: 'Ana\u0000', email: 'ana.admin@example.com', contact: '3514001122', password: 'Clave1234' }, 'name'],
      ['POST', '/api/loggings/loggingIn', { email: 'ana@example.com', password: 'Clave\u00001234' }, 'password'],
    ];
    for (const [method, path, body, field] of calls) {
      assertAnswer(await admin.request(method, path, body), 400, fieldError(field, BAD_CHARS), `${method} ${path} ${field}`);
    }
    // Other control characters too; a newline or a tab in a long text is still text.
    const bell = await admin.post('/api/spendings/add', { ...spending(), details: 'Factura\u0007' });
    assertAnswer(bell, 400, fieldError('details', BAD_CHARS), 'BEL');
    const multiline = await admin.post('/api/spendings/add', { ...spending(), details: 'Factura\n\tMarzo' });
    assert.equal(multiline.status, 201, multiline.text);
  });

  test('dates outside 2000-01-01..2100-12-31 are 400 "Fecha fuera de rango", in bodies and queries', async () => {
    for (const date of ['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) {
      const res = await admin.post('/api/spendings/add', { ...spending(), date });
      assertAnswer(res, 400, fieldError('date', OUT_OF_RANGE), `date ${date}`);
    }
    assertAnswer(await admin.get('/api/spendings/all?since=0000-01-01'), 400, fieldError('since', OUT_OF_RANGE), 'since');
    assertAnswer(await admin.get('/api/spendings/all?upTo=9999-12-31'), 400, fieldError('upTo', OUT_OF_RANGE), 'upTo');
    assertAnswer(
      await admin.get(`/api/spendings/stats?buildingId=${buildingId}&year=99999`),
      400,
      fieldError('year', OUT_OF_RANGE),
      'stats year',
    );
    for (const date of ['2000-01-01', '2100-12-31']) {
      const res = await admin.post('/api/spendings/add', { ...spending(), date });
      assert.equal(res.status, 201, `${date}: ${res.text}`);
    }
  });

  test('malformed URLs and bodies answer the API error format, never echoing the URL', async () => {
    const raw = async (method: string, path: string, body?: string, contentType?: string) => {
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      const res = await fetch(t.baseUrl + path, { method, headers, body });
      const text = await res.text();
      return { status: res.status, text, body: JSON.parse(text) as unknown };
    };
    const badUrl = await raw('GET', '/api/apartments/%E0%A4%A');
    assert.equal(badUrl.status, 400);
    assert.deepEqual(badUrl.body, { error: { code: 'VALIDATION', message: 'La solicitud no es válida' } });
    assert.doesNotMatch(badUrl.text, /%E0|apartments|FST_/);
    const invalidRequest = { error: { code: 'VALIDATION', message: 'La solicitud no es válida' } };
    for (const [body, label] of [
      ['{"email":', 'malformed JSON'],
      ['', 'an empty JSON body'],
      ['null', 'JSON null'],
      ['"x"', 'a JSON string'],
    ] as const) {
      const res = await raw('POST', '/api/loggings/loggingIn', body, 'application/json');
      assert.equal(res.status, 400, label);
      assert.deepEqual(res.body, invalidRequest, label);
    }
    const xml = await raw('POST', '/api/loggings/loggingIn', '<login/>', 'application/xml');
    assert.equal(xml.status, 415);
    assert.deepEqual(xml.body, { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'El formato de la solicitud no es válido' } });
    // Outside /api too: a missing file answers the same format (this server has no web build).
    const page = await raw('GET', '/logo.png');
    assert.equal(page.status, 404);
    assert.equal((page.body as { error: { code: string } }).error.code, 'NOT_FOUND');
    const big = await raw('POST', '/api/loggings/loggingIn', JSON.stringify({ email: 'x'.repeat(1024 * 1024) }), 'application/json');
    assert.equal(big.status, 413);
    assert.deepEqual(big.body, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'La solicitud es demasiado grande' } });
  });
});
