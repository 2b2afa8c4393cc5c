import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine((u) => protocols.includes(new URL(u).protocol), `must start with ${protocols.join(' or ')}`)
      .optional(),
  );

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DEMO: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Panel Administrador <no-reply@localhost>')),
  MP_ACCESS_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  MP_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  // An OpenID Connect provider (https://accounts.google.com for Google): "Continuar con Google".
  OIDC_ISSUER: optionalUrl(['https:', 'http:']),
  OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  TILE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
      .refine((u) => /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(u), 'must be an http(s) URL with {z}, {x} and {y}'),
  ),
  // `off`: no address search; addresses and coordinates are typed by hand.
  GEOCODER_URL: z.preprocess(
    emptyToUndefined,
    z.union([z.literal('off'), z.string().url()]).default('https://nominatim.openstreetmap.org'),
  ),
  // How many proxies in front of us set X-Forwarded-For (0: none; the client's address is the socket's).
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10).default(0)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** undefined: decide on start (seed only an empty embedded database). */
  demo: boolean | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mpAccessToken: string | undefined;
  mpWebhookSecret: string | undefined;
  /** null: no OpenID Connect provider, the "Continuar con Google" buttons are not shown. */
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  tileUrl: string;
  /** null: address search is off. */
  geocoderUrl: string | null;
  trustProxyHops: number;
  logLevel: string;
  webDist: string;
  secureCookies: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  // Without the secret no notification could be verified: every payment would wait for the re-check job.
  if (e.MP_ACCESS_TOKEN && !e.MP_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: MP_WEBHOOK_SECRET: required when MP_ACCESS_TOKEN is set');
  }
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter((v) => v !== undefined).length;
  if (oidcSet > 0 && oidcSet < 3) {
    const missing = !e.OIDC_ISSUER ? 'OIDC_ISSUER' : !e.OIDC_CLIENT_ID ? 'OIDC_CLIENT_ID' : 'OIDC_CLIENT_SECRET';
    throw new ConfigError(`Invalid configuration: ${missing}: required with the other OIDC_* variables`);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    demo: e.DEMO === undefined ? undefined : e.DEMO === '1',
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mpAccessToken: e.MP_ACCESS_TOKEN,
    mpWebhookSecret: e.MP_WEBHOOK_SECRET,
    oidc: oidcSet === 3 ? { issuer: e.OIDC_ISSUER!, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET! } : null,
    tileUrl: e.TILE_URL,
    geocoderUrl: e.GEOCODER_URL === 'off' ? null : e.GEOCODER_URL.replace(/\/$/, ''),
    trustProxyHops: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    secureCookies: publicUrl.startsWith('https:'),
  };
}
