import type { FastifyInstance } from 'fastify';

/** The subset of JSON Schema that @fastify/swagger writes for our zod schemas. */
export type JsonSchema = Record<string, any>;

export interface FuzzParam {
  name: string;
  in: 'path' | 'query';
  schema: JsonSchema;
}

export interface FuzzRoute {
  method: string;
  /** Fastify's form: `/api/apartments/:id`, `/api/files/*`. */
  path: string;
  params: FuzzParam[];
  body?: { contentType: string; schema: JsonSchema };
  /** In the router but not in the OpenAPI document: fuzzed without schemas. */
  undocumented: boolean;
}

export interface SkippedRoute {
  method: string;
  path: string;
  reason: string;
}

const FUZZED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route of the running app, from its router (printRoutes) joined with the OpenAPI document
 * (app.swagger()) for parameter and body schemas, so a route added later is fuzzed without
 * touching this file. What cannot be fuzzed meaningfully is returned in `skipped`, with why.
 */
export function discoverRoutes(app: FastifyInstance): { routes: FuzzRoute[]; skipped: SkippedRoute[] } {
  const doc = app.swagger() as { paths?: Record<string, Record<string, any>> };
  const documented = new Map<string, { op: any; openapiPath: string }>();
  for (const [openapiPath, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      documented.set(`${method.toUpperCase()} ${toFastifyPath(openapiPath)}`, { op, openapiPath });
    }
  }

  const routes: FuzzRoute[] = [];
  const skipped: SkippedRoute[] = [];
  for (const { method, path } of routerRoutes(app)) {
    const skip = skipReason(method, path);
    if (skip) {
      skipped.push({ method, path, reason: skip });
      continue;
    }
    const found = documented.get(`${method} ${path}`);
    const params: FuzzParam[] = [];
    if (found) {
      for (const p of found.op.parameters ?? []) {
        if (p.in === 'path' || p.in === 'query') params.push({ name: p.name, in: p.in, schema: p.schema ?? {} });
      }
    }
    // Path parameters the document does not name (or an undocumented route): from the URL itself.
    for (const name of pathParamNames(path)) {
      if (!params.some((p) => p.in === 'path' && p.name === name)) params.push({ name, in: 'path', schema: {} });
    }
    let body: FuzzRoute['body'];
    const content = found?.op.requestBody?.content as Record<string, { schema?: JsonSchema }> | undefined;
    if (content) {
      const [contentType, media] = Object.entries(content)[0] ?? [];
      if (contentType) body = { contentType, schema: media?.schema ?? {} };
    }
    routes.push({ method, path, params, body, undocumented: !found });
  }
  return { routes, skipped };
}

function skipReason(method: string, path: string): string | undefined {
  if (method === 'HEAD') return 'Fastify answers HEAD with the GET handler (body dropped); the GET route is fuzzed';
  if (!FUZZED_METHODS.has(method)) return `${method} is not part of the API`;
  if (!path.startsWith('/api/')) return 'not the API: the web app and its static assets (no input reaches our code or the database)';
  if (path === '/api/docs' || path.startsWith('/api/docs/'))
    return "@fastify/swagger-ui's static page and assets: no parameter reaches our code or the database";
  if (path === '/api/openapi.json') return 'a constant document, no input';
  return undefined;
}

/** `/api/files/{*}` → `/api/files/*`, `/api/x/{id}` → `/api/x/:id`. */
function toFastifyPath(openapiPath: string): string {
  return openapiPath.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1');
}

export function pathParamNames(path: string): string[] {
  const names = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  if (path.includes('*')) names.push('*');
  return names;
}

/**
 * The routes in Fastify's router, read from its printed radix tree (the only public listing once
 * the app is built): each line is `<indent><branch><segment> (METHODS)`, and a route's path is
 * the concatenation of the segments on the way down.
 */
export function routerRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*)$/u.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const [, segment, methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(m[2]!)!;
    stack.length = depth;
    stack[depth] = segment!;
    if (!methods) continue;
    const path = stack.join('');
    for (const method of methods.split(',').map((s) => s.trim())) out.push({ method, path });
  }
  return out;
}
