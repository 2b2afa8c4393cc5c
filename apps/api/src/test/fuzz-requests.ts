import fc from 'fast-check';
import type { FuzzParam, FuzzRoute, JsonSchema } from './fuzz-routes.ts';
import { Big, HOSTILE_URL_VALUES, RawNumber, asText, fromSchema, hostileFor, hostileUrlValue, toJson } from './fuzz-values.ts';
import { tinyPng, type Body, type Role, type World } from './fuzz-world.ts';

/** One generated call, printable in fast-check's report (bodies are descriptions, built when sent). */
export interface FuzzRequest {
  as: Role;
  method: string;
  /** Path with its query, exactly as sent. */
  url: string;
  body?: BodySpec;
}

export type Part =
  | { name: string; text: unknown }
  | { name: string; file: 'png' | 'garbage' | 'empty' | 'text' | 'huge' | 'gif'; filename: string; type: string };

export type BodySpec =
  | { kind: 'json'; value: unknown; contentType?: string }
  | { kind: 'raw'; text: unknown; contentType?: string }
  | { kind: 'multipart'; parts: Part[] };

export const isWrite = (method: string) => method !== 'GET';

/** Routes whose valid bodies cost a password hash: fewer of their bodies are valid, most fail validation fast. */
export function hashesPasswords(route: FuzzRoute): boolean {
  const props = JSON.stringify(route.body?.schema ?? {});
  return /"(password|newPass)"/.test(props) || route.path === '/api/loggings/loggingIn';
}

const roleArb: fc.Arbitrary<Role> = fc.oneof(
  { weight: 16, arbitrary: fc.constant<Role>('admin') },
  { weight: 3, arbitrary: fc.constant<Role>('resident') },
  { weight: 2, arbitrary: fc.constant<Role>('anon') },
);

const validDate = fc
  .record({ y: fc.integer({ min: 2000, max: 2100 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);

/** A value a well-behaved client would send for a field or parameter of this name, with ids of the world's own records. */
export function plausible(name: string, route: FuzzRoute, world: World): fc.Arbitrary<unknown> | undefined {
  const ids = (xs: number[]) =>
    fc.oneof(
      { weight: 10, arbitrary: fc.constantFrom(...xs) },
      { weight: 1, arbitrary: fc.constantFrom(...world.foreignIds) },
      { weight: 1, arbitrary: fc.constantFrom(...world.anyIds, 1) },
    );
  switch (name) {
    case 'building':
    case 'buildingId':
      return ids(world.buildingIds);
    case 'apartment':
    case 'apartmentId':
      return ids(world.apartmentIds);
    case 'expenseId':
      return ids(world.idsByTable.expenses?.length ? world.idsByTable.expenses : world.anyIds);
    case 'paymentId':
      return ids(world.idsByTable.payments?.length ? world.idsByTable.payments : world.anyIds);
    case 'id': {
      // The records of the table the route is about (`/api/spendings/...` → spendings), this world's own.
      const module = route.path.split('/')[2] ?? '';
      const own = world.idsByTable[module];
      return ids(own?.length ? own : world.anyIds.length ? world.anyIds : world.buildingIds);
    }
    case 'email':
      return fc.oneof(
        fc.constantFrom(...world.emails),
        fc.nat(1_000_000).map((n) => `fuzz${n}@example.com`),
      );
    case 'password':
    case 'newPass':
      return fc.constantFrom('Clave1234', 'OtraClave99', 'Xy1' + 'z'.repeat(57));
    case 'token':
      return fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.constantFrom('', 'x'));
    case 'name':
      return fc.constantFrom('Juan Pérez', 'Edificio Sol', "María O'Neill", 'Ana');
    case 'contact':
      return fc.constantFrom('3514000000', '35140000001234');
    case 'cata':
      return fc.constantFrom('CAT-123', '11-22-333');
    case 'address':
      return fc.constantFrom('Av. Colón 1234, Córdoba', 'San Martín 50');
    case 'floor':
    case 'cant_apartments':
      return fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 40 }).map(String));
    case 'latitude':
      return fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), fc.constant(null));
    case 'longitude':
      return fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.constant(null));
    case 'cata_apartment':
      return fc.constantFrom('UF 12', 'UF-3', 'Unidad 7');
    case 'number_apartment':
      return fc.oneof(fc.constantFrom(...world.numbers), fc.stringMatching(/^[0-9]{1,2}[A-Z]?$/));
    case 'mt2':
      return fc.oneof(fc.integer({ min: 10, max: 300 }), fc.constantFrom('62,5', 62.5, '48'));
    case 'state':
      return fc.constantFrom(0, 1, '0', '1');
    case 'date':
    case 'since':
    case 'upTo':
      return fc.oneof(fc.constantFrom('2025-03-05', '2025-03-01', '2025-12-31'), validDate);
    case 'concept':
      return fc.constantFrom('Luz', 'Agua', 'ELECTRICIDAD', 'electricidad', 'Eléctricidad', 'Gas');
    case 'supplier':
      return fc.constantFrom('EPEC', 'Aguas Cordobesas');
    case 'details':
      return fc.constantFrom('Factura 123', 'Pago mensual\ncon detalle');
    case 'amount':
      return fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(1234.5, 0.01, 99.99));
    case 'isDeleted':
      return fc.boolean();
    case 'month':
      return fc.integer({ min: 0, max: 11 });
    case 'year':
      return fc.integer({ min: 2024, max: 2026 });
    case 'page':
      return fc.integer({ min: 1, max: 3 });
    case 'pageSize':
      return fc.integer({ min: 1, max: 500 });
    case 'q':
      return fc.constantFrom('Colón 1234', 'ab', 'San Martín');
    case '*':
      return world.imagePaths.length ? fc.constantFrom(...world.imagePaths, 'buildings/nada.png') : fc.constant('buildings/nada.png');
    default:
      return undefined;
  }
}

const REMOVE = Symbol('remove');

/**
 * An object for a body schema: every field plausible, then a few fields (often none, often one)
 * replaced by a hostile value, a schema-shaped one, or removed; sometimes extra fields.
 */
export function objectArb(schema: JsonSchema, route: FuzzRoute, world: World): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>);
  // Extra fields in one body in six (fc.option's freq is the odds of *no* value).
  const extras = fc.oneof(
    { weight: 5, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })), hostileFor('extra', {})), {
        minLength: 1,
        maxLength: 3,
      }),
    },
  );
  const build = (entries: [string, unknown][], extra: [string, unknown][] | null) => {
    const out: Record<string, unknown> = {};
    const put = (k: string, v: unknown) =>
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    for (const [k, v] of entries) if (v !== REMOVE) put(k, v);
    for (const [k, v] of extra ?? []) put(k, v);
    return out;
  };
  if (!props.length) return fc.tuple(fc.constant([] as [string, unknown][]), extras).map(([e, x]) => build(e, x));
  const base = cleanEntries(props, route, world);
  const mutation = fc.oneof(
    ...props.map(([name, s]) =>
      fc.tuple(
        fc.constant(name),
        fc.oneof(
          { weight: 6, arbitrary: hostileFor(name, s) },
          { weight: 2, arbitrary: fromSchema(s) },
          { weight: 1, arbitrary: fc.constant<unknown>(REMOVE) },
        ),
      ),
    ),
  );
  const untouched = hashesPasswords(route) ? 1 : 6;
  const mutations = fc.oneof(
    { weight: untouched, arbitrary: fc.constant([] as [string, unknown][]) },
    { weight: 4, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: fc.array(mutation, { minLength: 2, maxLength: Math.max(2, props.length) }) },
  );
  return fc.tuple(base, mutations, extras).map(([entries, changes, extra]) => {
    const byName = new Map(entries);
    for (const [k, v] of changes) byName.set(k, v);
    return build([...byName], extra);
  });
}

function cleanEntries(props: [string, JsonSchema][], route: FuzzRoute, world: World): fc.Arbitrary<[string, unknown][]> {
  return fc.tuple(...props.map(([name, s]) => (plausible(name, route, world) ?? fromSchema(s)).map((v): [string, unknown] => [name, v])));
}

/** The body a well-behaved client would send (for the examples that fuzz only the parameters). */
export function plausibleBody(route: FuzzRoute, world: World, seed: number): BodySpec | undefined {
  if (!route.body) return undefined;
  const multipart = route.body.contentType.startsWith('multipart/');
  const schema = (multipart ? route.body.schema?.properties?.body : route.body.schema) ?? {};
  const props = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  const value = Object.fromEntries(fc.sample(cleanEntries(props, route, world), { seed, numRuns: 1 })[0]!);
  return multipart ? { kind: 'multipart', parts: [{ name: 'body', text: value }] } : { kind: 'json', value };
}

const EXTRA_KEYS = ['id', 'role', 'isDeleted', 'createdBy', 'building', 'buildingId', 'apartment', '__proto__', 'constructor', 'extra', ''];

const MALFORMED_JSON: unknown[] = [
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'NaN',
  'undefined',
  '\u0000',
  '{"a":"\u0000"}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '\ufeff{}',
  '{"building":1e999}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  new Big('[', 100_000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  '[' + '1,'.repeat(100_000) + '1]',
  new Big('x', 1_100_000),
  '\xff\xfe{\u0000"\u0000}',
  'null',
  'true',
  '123',
  '"texto"',
  '[]',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  '*/*',
  'image/png',
  'application/octet-stream',
  ';;;',
  'application/json; boundary="',
];

/** The body of a write route: from its own schema (JSON or multipart), with malformed bodies and wrong content types. */
export function bodyArb(route: FuzzRoute, world: World): fc.Arbitrary<BodySpec | undefined> {
  const schema = route.body?.schema;
  const multipart = route.body?.contentType.startsWith('multipart/');
  const jsonSchema = multipart ? schema?.properties?.body : schema;
  const obj = route.body
    ? objectArb(jsonSchema ?? {}, route, world)
    : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  const json = obj.map((value): BodySpec => ({ kind: 'json', value }));
  const notObject = fc
    .oneof(
      fc.constantFrom<unknown>(null, [], 'texto', 123, true, new RawNumber('1e400')),
      obj.map((o) => [o]),
      fc.jsonValue({ maxDepth: 3 }),
    )
    .map((value): BodySpec => ({ kind: 'json', value }));
  const malformed = fc.constantFrom(...MALFORMED_JSON).map((text): BodySpec => ({ kind: 'raw', text, contentType: 'application/json' }));
  const wrongType = fc
    .tuple(
      fc.constantFrom(...WRONG_CONTENT_TYPES, undefined),
      fc.oneof(
        obj.map((o) => toJson(o)),
        fc.constantFrom('a=1&b=2', '<a/>', '--x--'),
      ),
    )
    .map(([contentType, text]): BodySpec => ({ kind: 'raw', text, contentType }));
  const common: fc.WeightedArbitrary<BodySpec | undefined>[] = [
    { weight: 1, arbitrary: notObject },
    { weight: 1, arbitrary: malformed },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ];
  if (!route.body) return fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: json }, ...common);
  if (!multipart) return fc.oneof({ weight: 16, arbitrary: json }, ...common);

  const bodyPart = fc.oneof(
    { weight: 8, arbitrary: obj.map((o): Part => ({ name: 'body', text: o })) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_JSON.slice(0, 20)).map((text): Part => ({ name: 'body', text })) },
  );
  const imagePart = fc
    .tuple(
      fc.constantFrom('png', 'png', 'garbage', 'empty', 'text', 'gif', 'huge') as fc.Arbitrary<
        'png' | 'garbage' | 'empty' | 'text' | 'gif' | 'huge'
      >,
      fc.constantFrom('foto.png', 'a.jpg', '../../x.png', 'sin-extension', 'ñ😀.png', 'a\u0000.png', ''),
      fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', ''),
    )
    .map(([file, filename, type]): Part => ({ name: 'image', file, filename, type }));
  const extraPart = fc
    .tuple(
      fc.constantFrom('body', 'image', 'extra', 'id', ''),
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...MALFORMED_JSON.slice(0, 10))),
    )
    .map(([name, text]): Part => ({ name, text }));
  const form = fc
    .tuple(fc.option(bodyPart, { freq: 12 }), fc.option(imagePart, { freq: 3 }), fc.array(extraPart, { maxLength: 2 }), fc.boolean())
    .map(([body, image, extra, imageFirst]): BodySpec => {
      const parts = [body, image].filter((p): p is Part => p !== null);
      if (imageFirst) parts.reverse();
      return { kind: 'multipart', parts: [...parts, ...extra] };
    });
  const manyFields = fc.constant<BodySpec>({
    kind: 'multipart',
    parts: Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, text: 'x' })),
  });
  return fc.oneof({ weight: 16, arbitrary: form }, { weight: 1, arbitrary: manyFields }, { weight: 2, arbitrary: json }, ...common);
}

let pngBytes: Promise<Buffer> | undefined;

/** The body to send for a spec. */
export async function materialize(spec: BodySpec | undefined): Promise<Body | undefined> {
  if (!spec) return undefined;
  if (spec.kind === 'json') return { kind: 'json', value: spec.value, contentType: spec.contentType };
  if (spec.kind === 'raw') {
    const text = asText(spec.text);
    return { kind: 'raw', text, contentType: spec.contentType };
  }
  const form = new FormData();
  for (const part of spec.parts) {
    if ('text' in part) form.append(part.name, asText(part.text));
    else {
      const bytes = await fileBytes(part.file);
      form.append(part.name, new Blob([new Uint8Array(bytes)], { type: part.type }), part.filename);
    }
  }
  return { kind: 'form', form };
}

async function fileBytes(kind: 'png' | 'garbage' | 'empty' | 'text' | 'huge' | 'gif'): Promise<Buffer> {
  switch (kind) {
    case 'png':
      return (pngBytes ??= tinyPng());
    case 'garbage':
      return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0xff, 0xff, 0xff, 0xff]);
    case 'empty':
      return Buffer.alloc(0);
    case 'text':
      return Buffer.from('no soy una imagen');
    case 'gif':
      return Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    case 'huge':
      return Buffer.alloc(5 * 1024 * 1024 + 10, 0x41);
  }
}

// ---- URLs -----------------------------------------------------------------------------------

/** A plausible value in URL form. */
function plausibleUrl(p: FuzzParam, route: FuzzRoute, world: World): fc.Arbitrary<string> {
  const arb = plausible(p.name, route, world) ?? fromSchema(p.schema);
  return arb.map((v) => (p.name === '*' ? String(v) : encodeURIComponent(asText(v).replace(/[\ud800-\udfff]/g, ''))));
}

export function fillPath(route: FuzzRoute, values: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => values[name] ?? '1').replace('*', values['*'] ?? '');
}

function query(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

const EXTRA_QUERY_NAMES = ['page', 'pageSize', 'id', 'buildingId', '__proto__', 'constructor', 'a[b]', 'x', '%00', ''];

/**
 * A call with hostile path and query parameters: each path parameter hostile half the time, each
 * query parameter missing, plausible or hostile, sometimes repeated or joined by unknown ones.
 */
export function paramsRequestArb(route: FuzzRoute, world: World, weights = { plausible: 1, hostile: 1 }): fc.Arbitrary<FuzzRequest> {
  const pathParams = route.params.filter((p) => p.in === 'path');
  const queryParams = route.params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(
    ...pathParams.map((p) =>
      fc.tuple(
        fc.constant(p.name),
        fc.oneof(
          { weight: weights.plausible, arbitrary: plausibleUrl(p, route, world) },
          { weight: weights.hostile, arbitrary: hostileUrlValue },
        ),
      ),
    ),
  );
  const queryArb = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(
        fc.tuple(
          fc.constant(p.name),
          fc.oneof(
            { weight: weights.plausible, arbitrary: plausibleUrl(p, route, world) },
            { weight: weights.hostile, arbitrary: hostileUrlValue },
          ),
        ),
        { freq: 3 },
      ),
    ),
  );
  // Unknown or repeated query parameters in one call in four.
  const extraArb = fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...EXTRA_QUERY_NAMES, ...queryParams.map((p) => p.name)), fc.constant('%E0%A4%A')),
          hostileUrlValue,
        ),
        { minLength: 1, maxLength: 3 },
      ),
    },
  );
  const body = isWrite(route.method) ? bodyArb(route, world) : fc.constant(undefined);
  return fc.record({ as: roleArb, path: pathArb, query: queryArb, extra: extraArb, body }).map(({ as, path, query: q, extra, body }) => {
    const values = Object.fromEntries(path);
    const pairs = [...q.filter((x): x is [string, string] => x !== null), ...(extra ?? [])];
    return { as, method: route.method, url: fillPath(route, values) + query(pairs), body };
  });
}

/** A write call with a generated body; path and query parameters plausible most of the time. */
export function bodyRequestArb(route: FuzzRoute, world: World): fc.Arbitrary<FuzzRequest> {
  return paramsRequestArb(route, world, { plausible: 12, hostile: 1 });
}

/**
 * Every hostile URL value in every parameter, one parameter at a time (the others plausible),
 * as fast-check examples: each parameter meets each value whatever the seed.
 */
export function everyHostileParam(route: FuzzRoute, world: World, seed: number): [FuzzRequest][] {
  const sample = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed, numRuns: 1 })[0]!;
  const defaults: Record<string, string> = {};
  for (const p of route.params) defaults[p.name] = sample(plausibleUrl(p, route, world));
  const body = plausibleBody(route, world, seed);
  const out: [FuzzRequest][] = [];
  for (const p of route.params) {
    for (const v of HOSTILE_URL_VALUES) {
      const values = { ...defaults, [p.name]: v };
      const pairs: [string, string][] = route.params
        .filter((q) => q.in === 'query' && (q === p || q.name === 'buildingId'))
        .map((q) => [q.name, values[q.name]!]);
      out.push([{ as: 'admin', method: route.method, url: fillPath(route, values) + query(pairs), body }]);
    }
  }
  return out;
}

/**
 * Every malformed JSON text and every wrong content type (with a plausible body), as fast-check
 * examples for a write route, so they are sent whatever the seed.
 */
export function everyMalformedBody(route: FuzzRoute, world: World, seed: number): [FuzzRequest][] {
  const sample = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed, numRuns: 1 })[0]!;
  const values: Record<string, string> = {};
  for (const p of route.params) if (p.in === 'path') values[p.name] = sample(plausibleUrl(p, route, world));
  const url = fillPath(route, values);
  const good = plausibleBody(route, world, seed);
  const goodText =
    good?.kind === 'json' ? toJson(good.value) : good?.kind === 'multipart' ? asText((good.parts[0] as { text: unknown }).text) : '{}';
  const bodies: (BodySpec | undefined)[] = [
    undefined,
    ...MALFORMED_JSON.map((text): BodySpec => ({ kind: 'raw', text, contentType: 'application/json' })),
    ...[...WRONG_CONTENT_TYPES, undefined].map((contentType): BodySpec => ({ kind: 'raw', text: goodText, contentType })),
  ];
  if (route.body?.contentType.startsWith('multipart/')) {
    bodies.push(
      { kind: 'multipart', parts: [] },
      ...MALFORMED_JSON.slice(0, 20).map((text): BodySpec => ({ kind: 'multipart', parts: [{ name: 'body', text }] })),
      ...(['png', 'garbage', 'empty', 'text', 'gif', 'huge'] as const).map((file): BodySpec => ({
        kind: 'multipart',
        parts: [
          { name: 'body', text: goodText },
          { name: 'image', file, filename: 'foto.png', type: 'image/png' },
        ],
      })),
      { kind: 'multipart', parts: [{ name: 'image', file: 'png', filename: 'foto.png', type: 'image/png' }] },
    );
  }
  return bodies.map((body) => [{ as: 'admin', method: route.method, url, body }]);
}
