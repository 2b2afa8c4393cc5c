import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@consorcio/domain';
import { AppError, ERROR_STATUS, type ErrorCode, isDatabaseUnavailable } from './errors.ts';

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields && Object.keys(fields).length ? { code, message, fields } : { code, message } };
}

/** zod's own (English) messages all start like this; ours are all Spanish. */
const ZOD_DEFAULT = /^(Invalid\b|Too (small|big)\b|Unrecognized key)/;

/** One zod issue: as zod reports it (`path`, `code`) or as the route validator does (`instancePath`, `keyword`, `params`). */
export interface IssueLike {
  path: PropertyKey[] | string;
  message?: string;
  code?: string;
  origin?: unknown;
  params?: { origin?: unknown };
}

function issueKey(path: PropertyKey[] | string): string {
  return Array.isArray(path) ? path.map(String).join('.') : String(path).replace(/^\//, '').replace(/\//g, '.');
}

/**
 * The message to show for one issue: the schema's own when it has one, else a Spanish
 * fallback, so zod's English defaults ("Invalid input: expected object…") never reach a user.
 */
export function spanishIssueMessage(issue: IssueLike): string {
  const message = issue.message ?? '';
  if (message && !ZOD_DEFAULT.test(message)) return message;
  if (issueKey(issue.path) === '') return MSG.invalidRequest;
  const origin = issue.origin ?? issue.params?.origin;
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined$/.test(message) ? MSG.required : MSG.invalidValue;
    case 'too_small':
      return origin === 'string' ? MSG.tooShort : MSG.invalidValue;
    case 'too_big':
      return origin === 'string' ? MSG.tooLong : MSG.invalidValue;
    default:
      return MSG.invalidValue;
  }
}

/** Maps zod issues (from route schemas or a service's own parse) to the API.md error body. */
export function validationBody(issues: IssueLike[]): ErrorBody {
  const fields: Record<string, string> = {};
  let first: string | undefined;
  for (const issue of issues) {
    const key = issueKey(issue.path);
    const message = spanishIssueMessage(issue);
    first ??= message;
    if (key && !(key in fields)) fields[key] = message;
  }
  return errorBody('VALIDATION', first ?? MSG.invalidRequest, fields);
}

/** Fastify's own errors (body parsing, routing, plugins) by status: the API code and message to answer. */
const FASTIFY_CODES: Record<number, [ErrorCode, string]> = {
  400: ['VALIDATION', MSG.invalidRequest],
  401: ['UNAUTHENTICATED', MSG.unauthenticated],
  403: ['FORBIDDEN', MSG.forbidden],
  404: ['NOT_FOUND', MSG.notFound],
  406: ['VALIDATION', MSG.invalidRequest],
  // A body over the limit; an upload's own limit (a file) answers with the file message below.
  413: ['PAYLOAD_TOO_LARGE', MSG.requestTooLarge],
  // A body in a format the route does not read (JSON routes get XML, say); an upload's file has its own message.
  415: ['UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedMediaType],
  429: ['RATE_LIMITED', MSG.rateLimited],
};

/** Every failure, from a handler or from Fastify itself, as a status and the API.md body; 5xx details stay in the log. */
export function sendError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err instanceof AppError) {
    if (err.headers) reply.headers(err.headers);
    return reply.status(err.status).send(errorBody(err.code, err.message, err.fields));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    // A path parameter that fails its schema names nothing that exists (API.md: an invalid id in a
    // path is 404); in a query or a body it is a bad request (400).
    if (err.validationContext === 'params') return reply.status(404).send(errorBody('NOT_FOUND', MSG.notFound));
    return reply.status(400).send(
      validationBody(
        err.validation.map((v) => ({
          path: v.instancePath,
          message: v.message,
          code: v.keyword,
          params: v.params as IssueLike['params'],
        })),
      ),
    );
  }
  if (isDatabaseUnavailable(err)) {
    request.log.warn({ err }, 'database unavailable');
    return reply.status(503).header('Retry-After', '5').send(errorBody('UNAVAILABLE', MSG.unavailable));
  }
  // A path segment too long to be any id names nothing (Fastify's own answer would be 414, echoing the URL).
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(404).send(errorBody('NOT_FOUND', MSG.notFound));
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  const known = FASTIFY_CODES[status];
  if (status === 413 && err.code === 'FST_REQ_FILE_TOO_LARGE') {
    return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', MSG.payloadTooLarge));
  }
  if (status < 500 && known) {
    return reply.status(status).send(errorBody(known[0], known[1]));
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(ERROR_STATUS.INTERNAL).send(errorBody('INTERNAL', MSG.internal));
}

/** One place turns every failure into a status and the API.md body. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => sendError(err, request, reply));
}
