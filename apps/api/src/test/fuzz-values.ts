import fc from 'fast-check';
import type { JsonSchema } from './fuzz-routes.ts';

/** A JSON number written exactly as given (`1e400`, `9007199254740993`, `-0`), which JSON.stringify cannot produce. */
export class RawNumber {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `RawNumber(${this.text})`;
  }
}

/** A long string kept short in fast-check's report: `ch` repeated `n` times. */
export class Big {
  constructor(
    readonly ch: string,
    readonly n: number,
  ) {}
  toString(): string {
    return this.ch.repeat(this.n);
  }
  [fc.toStringMethod](): string {
    return `Big(${JSON.stringify(this.ch)} x ${this.n})`;
  }
}

/** JSON text of a generated value, expanding RawNumber and Big. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawNumber) {
      raws.push(v.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    if (v instanceof Big) return v.toString();
    return v;
  });
  return (text ?? 'null').replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** A generated value as text (for a multipart field or a raw body). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Big) return value.toString();
  if (value instanceof RawNumber) return value.text;
  return toJson(value);
}

// ---- hostile values for JSON bodies -------------------------------------------------------

export const HOSTILE_IDS: unknown[] = [
  0,
  -1,
  1,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  9007199254740992,
  new RawNumber('9007199254740993'),
  new RawNumber('123456789012345678901234567890'),
  1e308,
  -1e308,
  new RawNumber('1e400'),
  new RawNumber('-0'),
  1.5,
  2147483647.5,
  5e-324,
  '1',
  '0',
  '-1',
  '2147483648',
  '9007199254740993',
  '1e308',
  '0x10',
  '1e3',
  ' 1',
  '١٢',
  'abc',
  'NaN',
  'Infinity',
  '-Infinity',
  '',
];

export const HOSTILE_DATES: unknown[] = [
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '2024-02-30',
  '2023-02-29',
  '2024-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-01-00',
  '2024-01-32',
  '1999-12-31',
  '2000-01-01',
  '2100-12-31',
  '2101-01-01',
  '24-01-01',
  '2024-1-1',
  '2024-01-01T00:00:00Z',
  '2024-01-01T25:61:61+99:99',
  '2024-01-01\u0000',
  '+012024-01-01',
  '-000001-01-01',
  '275760-09-13',
  '2024/01/01',
  '01/02/2024',
  'hoy',
  '',
  20240101,
  0,
  -62167219200000,
  8.64e15,
];

export const HOSTILE_MONEY: unknown[] = [
  0,
  -1,
  -0.01,
  0.001,
  1.005,
  0.1 + 0.2,
  123456789.123456,
  99999999999.99,
  1e15,
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  new RawNumber('9007199254740993.55'),
  new RawNumber('1e400'),
  new RawNumber('-1e400'),
  new RawNumber('1.00000000000000000000000001'),
  '12,5',
  '1.234,56',
  '1.2.3',
  '1e2',
  '$100',
  'NaN',
  '-',
  '',
];

export const HOSTILE_TEXT: unknown[] = [
  'Luz\u0000',
  '\u0000',
  'a\u0001b',
  '\u0007\u0008\u000b\u000c',
  '\u001b[31mrojo',
  '\u007f',
  '\u0085',
  'línea\nnueva\ttab\r',
  '\u2028\u2029',
  '\ufeffBOM',
  '\u202egnp.exe',
  '\ud800',
  '\udfff\ud800',
  '😀👍🏽👨‍👩‍👧',
  'Ñandú Ä ß ﬁ İ',
  'ＡＢＣ１２３',
  '\u0301',
  '',
  ' ',
  '   \t  ',
  "'; drop table users; --",
  '" OR 1=1 --',
  '%s%n%x',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'C:\\Windows',
  '__proto__',
  'null',
  'undefined',
  new Big('x', 101),
  new Big('a', 10_000),
  new Big('ñ', 70_000),
  new Big('😀', 5_000),
  new Big('\u0000', 1000),
  new Big('x', 900_000),
];

/** Values of the wrong JSON type for any field. */
export const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  ['a'],
  { $gt: 0 },
  JSON.parse('{"__proto__":{"admin":true,"role":"admin"}}'),
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  [[[[[[[[[[[]]]]]]]]]]],
  { a: { b: { c: { d: { e: {} } } } } },
  0,
  -1,
  1.5,
  'texto',
];

/** Hostile values for one body field, weighted by what its name and schema suggest. */
export function hostileFor(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  const kinds: fc.WeightedArbitrary<unknown>[] = [
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
    { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  ];
  const types = schemaTypes(schema);
  if (/id$|^building$|^apartment$|^floor$|^cant_|^state$|^page|^year$|^month$/i.test(name) || types.has('integer'))
    kinds.push({ weight: 4, arbitrary: fc.constantFrom(...HOSTILE_IDS) });
  if (/date|since|upto/i.test(name)) kinds.push({ weight: 5, arbitrary: fc.constantFrom(...HOSTILE_DATES) });
  if (/amount|mt2|lat|lon|price|total/i.test(name) || types.has('number'))
    kinds.push({ weight: 4, arbitrary: fc.constantFrom(...HOSTILE_MONEY) });
  if (types.has('string')) kinds.push({ weight: 2, arbitrary: boundaryStrings(schema) });
  return fc.oneof(...kinds);
}

function schemaTypes(schema: JsonSchema): Set<string> {
  const out = new Set<string>();
  const walk = (s: JsonSchema | undefined) => {
    if (!s || typeof s !== 'object') return;
    if (typeof s.type === 'string') out.add(s.type);
    if (Array.isArray(s.type)) s.type.forEach((t: string) => out.add(t));
    for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[k])) s[k].forEach(walk);
  };
  walk(schema);
  return out;
}

/** Strings at and just past a schema's length bounds. */
function boundaryStrings(schema: JsonSchema): fc.Arbitrary<unknown> {
  const max: number | undefined = findKey(schema, 'maxLength');
  const min: number | undefined = findKey(schema, 'minLength');
  const lengths = [max, max !== undefined ? max + 1 : undefined, min, min ? min - 1 : undefined].filter(
    (n): n is number => typeof n === 'number' && n >= 0 && n < 100_000,
  );
  if (!lengths.length) return fc.constant(new Big('x', 1000));
  return fc.tuple(fc.constantFrom(...lengths), fc.constantFrom('x', 'ñ', '😀', '1', ' ')).map(([n, ch]) => new Big(ch, n));
}

function findKey(schema: JsonSchema, key: string): any {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema[key] !== undefined) return schema[key];
  for (const k of ['anyOf', 'oneOf', 'allOf']) {
    for (const s of schema[k] ?? []) {
      const v = findKey(s, key);
      if (v !== undefined) return v;
    }
  }
  return undefined;
}

// ---- values that follow a schema ---------------------------------------------------------------

/** Candidates tried against a schema's `pattern`s (zod regexes use the `u` flag semantics). */
const PATTERN_CANDIDATES = [
  'Juan Pérez',
  'Ana María',
  "O'Neill",
  'Edificio Sol',
  'UF 12',
  'UF-3, piso 2',
  '1A',
  '2B',
  '10',
  'PB',
  '12345678',
  '3514000000',
  '+54-351-4000000',
  'Clave1234',
  'OtraClave99',
  'fuzz@example.com',
  'ana.perez+1@correo.com.ar',
  '2024-05-10',
  '7',
  'abc',
];

function stringFromSchema(s: JsonSchema): fc.Arbitrary<unknown> {
  const patterns: string[] = [];
  const collect = (x: JsonSchema) => {
    if (typeof x.pattern === 'string') patterns.push(x.pattern);
    for (const sub of x.allOf ?? []) collect(sub);
  };
  collect(s);
  const min: number = s.minLength ?? 0;
  const max: number = s.maxLength ?? 60;
  const regexes = patterns.flatMap((p) => {
    try {
      return [new RegExp(p, 'u')];
    } catch {
      return [];
    }
  });
  const fits = (c: string) => c.length >= min && c.length <= max && regexes.every((r) => r.test(c));
  if (s.format === 'email') return fc.nat(1_000_000).map((n) => `fuzz${n}@example.com`);
  const matching = PATTERN_CANDIDATES.filter(fits);
  const random = fc.string({ minLength: min, maxLength: Math.min(max, 40), unit: 'grapheme' });
  if (regexes.length) return matching.length ? fc.oneof(fc.constantFrom(...matching), random) : random;
  return matching.length ? fc.oneof(fc.constantFrom(...matching), random) : random;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** A value shaped by a JSON schema (most of the time valid for it, never guaranteed). */
export function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || typeof s !== 'object' || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  let arb = fromSchemaInner(s, depth);
  if (s.nullable) arb = fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) });
  return arb;
}

function fromSchemaInner(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives) && alternatives.length) return fc.oneof(...alternatives.map((x: JsonSchema) => fromSchema(x, depth + 1)));
  switch (s.type) {
    case 'integer': {
      const lo = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : -1000;
      const hi = typeof s.maximum === 'number' ? s.maximum : 1_000_000;
      return fc.oneof(
        fc.integer({ min: Math.max(lo, INT32_MIN), max: Math.max(Math.min(hi, INT32_MAX), Math.max(lo, INT32_MIN)) }),
        fc.constantFrom(lo, hi),
      );
    }
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1e9;
      const max = typeof s.maximum === 'number' ? s.maximum : 1e9;
      return fc.oneof(
        fc.integer({ min: Math.ceil(Math.max(min, -1e6)), max: Math.floor(Math.min(max, 1e6)) }),
        fc.double({ min, max, noNaN: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringFromSchema(s);
    case 'array':
      return fc.array(fromSchema(s.items, depth + 1), { maxLength: 4 });
    case 'object':
    case undefined: {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      if (!Object.keys(props).length)
        return s.type === 'object'
          ? fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
          : fc.jsonValue({ maxDepth: 2 });
      const required = new Set<string>(s.required ?? []);
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromSchema(v, depth + 1)])), {
        requiredKeys: [...required],
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---- raw URL values (path and query parameters) -----------------------------------------------

/** Already in URL form: sent as they are, malformed percent-encoding included. */
export const HOSTILE_URL_VALUES: string[] = [
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740991',
  '9007199254740993',
  '123456789012345678901234567890',
  '-1',
  '-2147483649',
  '0',
  '-0',
  '00001',
  '1.5',
  '1e308',
  '1e400',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  'abc',
  'true',
  'null',
  '',
  '%20',
  '%201',
  '1%20',
  '%00',
  '1%00',
  'Luz%00',
  '%0A',
  '%1B',
  '%7F',
  '%C0%80',
  '%E0%A4%A',
  '%',
  '%%',
  '%zz',
  '%FF%FE',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%F0%9F%98%80'.repeat(300),
  'x'.repeat(300),
  'x'.repeat(5000),
  '1'.repeat(2000),
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '%2E%2E',
  '%2F',
  '[]',
  '%5B%5D',
  '{}',
  '1,2',
  '1;2',
  "1'",
  '0000-01-01',
  '9999-12-31',
  '2024-02-30',
  '2024-13-01',
  '1999-12-31',
  '2101-01-01',
  '12',
  '-12',
  '10000',
  '%D9%A1%D9%A2',
];

/** A random string in URL form (percent-encoded). */
export const encodedString = fc.string({ maxLength: 30, unit: 'binary' }).map((s) => {
  try {
    return encodeURIComponent(s);
  } catch {
    // A lone surrogate: send its (invalid) UTF-8 bytes as they are.
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
});

export const hostileUrlValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_URL_VALUES) },
  { weight: 1, arbitrary: encodedString },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);
