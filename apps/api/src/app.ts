import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { errorBody, registerErrorHandler, sendError } from './lib/error-handler.ts';
import { MULTIPART_LIMITS } from './lib/images.ts';
import { LinkSigner } from './lib/signing.ts';
import { isApiAnswer, securityHeaders } from './lib/security-headers.ts';
import { MSG } from '@consorcio/domain';
import authPlugin from './plugins/auth.ts';
import { apiModules } from './modules/index.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    services: Services;
    links: LinkSigner;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  services?: Partial<Services>;
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: { write(line: string): void };
}

export async function buildApp({ config, database, services, logger = true, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          // Paths only: a query string can carry a secret (the reset link's token is one).
          serializers: {
            req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
              method: req.method,
              // ...and a calendar feed's token, which is in the path, never reaches the log.
              url: req.url.split('?')[0]!.replace(/(\/alerts\/feed\/)[^/]+/, '$1…'),
              host: req.hostname,
              remoteAddress: req.ip,
            }),
          },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: 1024 * 1024,
    // Malformed URLs (bad percent-encoding, an over-long path segment) get the API error format too, never Fastify's echo of the URL.
    frameworkErrors: (err, request, reply) => void sendError(err, request, reply),
    // A hop count, never `true`: trusting every hop would let a client pick its own address.
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('services', { ...createServices(config), ...services });
  app.decorate('links', new LinkSigner());
  app.addHook('onReady', async () => app.links.load(app.db));
  registerErrorHandler(app);

  const headers = securityHeaders({ tileOrigin: safeOrigin(config.tileUrl.replace(/\{[a-z]\}/g, 'a')), hsts: config.secureCookies });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? headers.api : headers.document);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(authPlugin);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Panel Administrador API',
        description: 'API JSON del producto de administración de consorcios. Errores: `{"error":{"code","message","fields"}}`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'sid' },
          bearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ cookieAuth: [] }, { bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.get('/api/health', { schema: { tags: ['Sistema'], summary: 'Estado del servicio' } }, async (_request, reply) => {
    try {
      await withTimeout(database.ping(), 2000);
      return { status: 'ok', db: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'error', db: 'down' });
    }
  });

  for (const mod of apiModules) {
    await app.register(mod.plugin, { prefix: `/api${mod.prefix}` });
  }

  await registerWebApp(app, config.webDist);
  return app;
}

/** Paths served from HTML pre-rendered by the web build (apps/web/scripts/prerender.ts), when it is there. */
const PRERENDERED: Record<string, string> = { '/logging': 'prerendered/logging.html' };

async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes file.br and file.gz beside each file (apps/web/scripts/precompress.ts): sent as they
      // are, compressed once at the highest level, where @fastify/compress would compress every answer again.
      preCompressed: true,
      // Cache-Control is ours alone (send's own `max-age=0` would replace the one set below).
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; everything else (index.html above all) is checked again on each use.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
        // A pre-compressed file's URL answers brotli, gzip or plain by the request's Accept-Encoding (smaller files
        // are left to @fastify/compress, which says so itself).
        if (/\.(br|gz)$/.test(filePath) || fs.existsSync(`${filePath}.br`)) res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    app.get('/assets/*', (req, reply) => reply.sendFile(req.url.split('?')[0]!.slice(1)));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.status(404).send(errorBody('NOT_FOUND', MSG.notFound));
    }
    if (!hasWeb) return reply.status(404).send(errorBody('NOT_FOUND', MSG.webNotBuilt));
    // A page pre-rendered at build time (the landing): static HTML that shows at once, the app loads on demand.
    const prerendered = PRERENDERED[url.toLowerCase().replace(/\/+$/, '')];
    if (prerendered && fs.existsSync(path.join(webDist, prerendered))) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(prerendered);
    }
    if (path.extname(url) && !url.endsWith('.html')) {
      const file = path.join(webDist, path.normalize(url).replace(/^([/\\])+/, ''));
      if (file.startsWith(webDist) && fs.existsSync(file)) return reply.sendFile(path.relative(webDist, file));
      return reply.status(404).send(errorBody('NOT_FOUND', MSG.notFound));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}
