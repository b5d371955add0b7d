import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/setup.ts';

// The built web app as the server sends it: precompressed files, hashed assets cached for a year,
// index.html for the app's own paths (GET and HEAD), and JSON 404s for the API and missing assets.
const dist = mkdtempSync(path.join(os.tmpdir(), 'csp-web-dist-'));
const INDEX = `<!doctype html><html><head><title>Child Support Programme</title>${'<!-- padding -->'.repeat(80)}</head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function writeDist() {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  const script = path.join(dist, 'assets', 'app-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
}

describe('the built web app', () => {
  let t: TestContext;
  beforeAll(async () => {
    writeDist();
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({
      method,
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends an asset brotli-compressed to a client that accepts br, and caches it for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get('/assets/app-abc123.js', acceptEncoding);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('answers an app path with index.html, revalidated on every use (no-cache), compressed when accepted', async () => {
    const res = await get('/dashboard', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);

    const plain = await get('/students/123?tab=history');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX);

    const direct = await get('/index.html');
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD for an app path like GET, without a body', async () => {
    const head = await get('/dashboard', undefined, 'HEAD');
    const getRes = await get('/dashboard');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(getRes.headers['content-type']);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.headers['content-length']).toBe(getRes.headers['content-length']);
  });

  it('answers unknown API routes with the JSON 404 body, never index.html', async () => {
    for (const method of ['GET', 'HEAD', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      if (method !== 'HEAD') {
        expect(res.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: `Route ${method} /api/no-such-thing not found`,
        });
      }
    }
  });

  it('answers a missing asset with 404, not index.html (a stale page must not run HTML as script)', async () => {
    const res = await get('/assets/app-old999.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /assets/app-old999.js not found',
    });
  });

  it('does not serve the compressed copies under their own names', async () => {
    const res = await get('/assets/app-abc123.js.br');
    expect(res.statusCode).toBe(404);
  });

  it('answers the public pages with index.html when the build has no documents of their own', async () => {
    for (const url of ['/login', '/register', '/forgot-password']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });
});

describe('the built web app with the sign-in page prerendered (login.html) and public.html', () => {
  const withLogin = mkdtempSync(path.join(os.tmpdir(), 'csp-web-dist-login-'));
  const LOGIN = INDEX.replace('<div id="root"></div>', '<div id="root"><form>Sign in</form></div>');
  const PUBLIC = INDEX.replace('<!-- padding -->', '<!-- no preloads -->');
  let t: TestContext;
  beforeAll(async () => {
    writeFileSync(path.join(withLogin, 'index.html'), INDEX);
    writeFileSync(path.join(withLogin, 'public.html'), PUBLIC);
    writeFileSync(path.join(withLogin, 'login.html'), LOGIN);
    writeFileSync(path.join(withLogin, 'login.html.br'), brotliCompressSync(LOGIN));
    t = await createTestApp({ webDistDir: withLogin });
  });
  afterAll(async () => {
    await t.close();
    rmSync(withLogin, { recursive: true, force: true });
  });

  it('answers GET and HEAD /login with login.html, revalidated on every use, compressed when accepted', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LOGIN);
    const plain = await t.app.inject({ method: 'GET', url: '/login?next=%2Fstudents' });
    expect(plain.body).toBe(LOGIN);
    const head = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(plain.headers['content-length']);
  });

  it('answers the other public pages with public.html (no signed-in preloads)', async () => {
    for (const url of ['/register', '/forgot-password?email=a%40b.org']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(PUBLIC);
    }
  });

  it('keeps index.html for every other app path', async () => {
    for (const url of ['/', '/dashboard', '/login/extra', '/register/x', '/students/1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });
});
