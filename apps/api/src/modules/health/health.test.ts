import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestContext } from '../../test/setup.ts';

describe('health, errors and security headers', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers GET /api/health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: onPostgres ? 'postgres' : 'pglite' });
  });

  it('answers unknown API routes with a 404 error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/does-not-exist not found',
    });
  });

  it("answers the router's own refusals with the one error body (414 for an overlong id, 400 for a bad URL)", async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/users/${'a'.repeat(500)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: 'The address of this request is too long',
    });
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The address of this request is not valid',
    });
  });

  it('answers an unsupported content type with 415 and the one error body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(Object.keys(res.json()).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(res.json().message).toBe('This content type is not supported here');
  });

  it('refuses a JSON body over the limit with 413 and a readable message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request body is too large',
    });
  });

  it('refuses a body that is not a JSON object, and an empty JSON body, with 400', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('The request body must be a JSON object');
    const array = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    expect(array.json().message).toBe('The request body must be a JSON object');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The request body is empty');
  });

  it('sends a strict CSP, nosniff and no-store on API responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json().paths)).toContain('/api/health');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});
