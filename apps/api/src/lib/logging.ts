/**
 * Logger options: what a log line may carry. Never passwords, codes or tokens (redacted request
 * fields), never the signature of a file link (redacted from URLs), never the bound parameters of a
 * failed SQL statement (a Drizzle error's message carries them) nor PostgreSQL's `detail` (it quotes
 * row values such as an email).
 */
import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY_PARAMS = /([?&](?:sig|signature|token|access_token)=)[^&#]*/gi;
const SQL_PARAMS = /params: [^\n]*/g;
const SECRET_ERROR_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/** The URL with the values of signature and token parameters replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY_PARAMS, '$1[redacted]');

const scrubText = (text: string) => redactUrl(text.replace(SQL_PARAMS, 'params: [redacted]'));

/**
 * PostgreSQL quotes values in its messages ('invalid input syntax for type integer: "…"'): a quoted
 * part stays only when it names a database object of the error (constraint, table, column, type).
 */
function scrubDatabaseMessage(err: Error & Record<string, unknown>, text: string): string {
  const names = new Set(
    ['constraint', 'table', 'column', 'schema', 'dataType']
      .map((k) => err[k])
      .filter((v) => typeof v === 'string'),
  );
  return text.replace(/"([^"\n]*)"/g, (whole, inner: string) => (names.has(inner) ? whole : '"[redacted]"'));
}

const isDatabaseError = (err: Error & Record<string, unknown>) =>
  typeof err.severity === 'string' && typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code);

/** A plain, safe copy of an error (and its causes): type, message, stack, code and other plain fields. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? scrubText(err) : err;
  const fields = err as Error & Record<string, unknown>;
  const scrub = (text: string) =>
    isDatabaseError(fields) ? scrubDatabaseMessage(fields, scrubText(text)) : scrubText(text);
  const out: Record<string, unknown> = { type: err.constructor.name, message: scrub(err.message) };
  if (err.stack) out.stack = scrub(err.stack);
  for (const [key, value] of Object.entries(err)) {
    if (SECRET_ERROR_FIELDS.has(key) || key === 'cause') continue;
    if (typeof value === 'string') out[key] = scrub(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

interface RequestLike {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(level: string, stream?: Writable): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body.password',
        'req.body.newPassword',
        'req.body.currentPassword',
        'req.body.otp',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: RequestLike) => ({
        method: req.method,
        url: redactUrl(req.url),
        hostname: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error) => serializeError(err) as { type: string; message: string; stack: string },
    },
  };
}
