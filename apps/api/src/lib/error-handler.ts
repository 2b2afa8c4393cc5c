import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@consorcio/domain';
import { AppError, ERROR_STATUS, type ErrorCode, isDatabaseUnavailable } from './errors.ts';

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields && Object.keys(fields).length ? { code, message, fields } : { code, message } };
}

/** Maps zod issues (from route schemas or a service's own parse) to the API.md error body. */
export function validationBody(issues: { path: PropertyKey[] | string; message: string }[]): ErrorBody {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? issue.path.map(String).join('.') : String(issue.path).replace(/^\//, '').replace(/\//g, '.');
    if (key && !(key in fields)) fields[key] = issue.message;
  }
  return errorBody('VALIDATION', issues[0]?.message ?? MSG.required, fields);
}

const FASTIFY_CODES: Record<number, [ErrorCode, string]> = {
  400: ['VALIDATION', 'La solicitud no es válida'],
  401: ['UNAUTHENTICATED', MSG.unauthenticated],
  403: ['FORBIDDEN', MSG.forbidden],
  404: ['NOT_FOUND', MSG.notFound],
  406: ['VALIDATION', 'La solicitud no es válida'],
  413: ['PAYLOAD_TOO_LARGE', MSG.payloadTooLarge],
  415: ['UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedFile],
  429: ['RATE_LIMITED', MSG.rateLimited],
};

/** One place turns every failure into a status and the API.md body; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(errorBody(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply
        .status(400)
        .send(validationBody(err.validation.map((v) => ({ path: v.instancePath, message: v.message ?? MSG.required }))));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send(errorBody('UNAVAILABLE', MSG.unavailable));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    const known = FASTIFY_CODES[status];
    if (status < 500 && known) {
      return reply.status(status).send(errorBody(known[0], known[1]));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(ERROR_STATUS.INTERNAL).send(errorBody('INTERNAL', MSG.internal));
  });
}
