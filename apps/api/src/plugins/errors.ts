import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** zod's own default texts: those get the field name in front, our contracts' texts stand alone. */
const DEFAULT_ZOD_PREFIXES = [
  'Invalid input',
  'Invalid option',
  'Too big',
  'Too small',
  'Invalid string',
  'Invalid UUID',
];

interface Issue {
  code?: string;
  message: string;
  path?: PropertyKey[];
  keys?: string[];
}

export function describeIssue(issue: Issue, part: string): string {
  const field = (issue.path ?? []).map(String).join('.');
  if (issue.code === 'unrecognized_keys' && issue.keys) {
    const where = field ? ` in ${field}` : '';
    return `Unknown field${issue.keys.length > 1 ? 's' : ''}${where}: ${issue.keys.join(', ')}`;
  }
  if (!field) {
    if (issue.code === 'invalid_type') {
      return part === 'body' ? 'The request body must be a JSON object' : `The ${part} has the wrong type`;
    }
    return issue.message;
  }
  const isDefault = DEFAULT_ZOD_PREFIXES.some((p) => issue.message.startsWith(p));
  return isDefault ? `${field}: ${issue.message}` : issue.message;
}

export const errorBody = (statusCode: number, message: string) => ({
  statusCode,
  error: STATUS_TEXT[statusCode] ?? 'Error',
  message,
});

/** Every failure answers { statusCode, error, message } with a readable message; 5xx never leak details. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ ...errorBody(err.statusCode, err.message), ...err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = err.validationContext ?? 'body';
      const first = err.validation[0] as unknown as {
        keyword?: string;
        instancePath?: string;
        message?: string;
        params?: { keys?: string[] };
      };
      const issue: Issue = {
        code: first.keyword,
        message: first.message ?? 'Invalid input',
        path: (first.instancePath ?? '').split('/').filter(Boolean),
        keys: first.params?.keys,
      };
      return reply.code(400).send(errorBody(400, describeIssue(issue, part)));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err: err.cause?.issues, url: request.url }, 'response did not match its schema');
      return reply.code(500).send(errorBody(500, 'Something went wrong on our side. Please try again.'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send(errorBody(500, 'Something went wrong on our side. Please try again.'));
    }
    let message = err.message;
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      message = 'The request body is not valid JSON';
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      message = 'The request body is too large';
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      message = 'This content type is not supported here';
    } else if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      message = 'The request body is empty';
    }
    return reply.code(status).send(errorBody(status, message));
  });
});
