/**
 * `npm run lighthouse [distDir]`: Lighthouse performance (mobile form factor, default simulated
 * throttling) of /login and of /dashboard signed in, against the real server.
 *
 * It builds the web app into a temporary folder (or uses the built distDir given), starts
 * apps/api/src/server.ts on a free port with a fresh embedded database (as the e2e journeys do),
 * registers the first administrator through the API (no SMTP_URL: the server prints the email, and the
 * code is read from its output), signs in, and runs Lighthouse in Debian's Chromium (CHROMIUM_PATH,
 * default /usr/bin/chromium; nothing is downloaded). The session lives in localStorage ('token',
 * 'user'), so for /dashboard the page is opened once to store it, the browser cache is cleared, and
 * Lighthouse runs without resetting storage. Each page is measured LIGHTHOUSE_RUNS times (default 3);
 * the median run by score is printed. LIGHTHOUSE_REPORT_DIR: also write each run's full report (JSON)
 * there. LIGHTHOUSE_THROTTLING=devtools: throttle the browser itself (the same 4× CPU, 150 ms RTT and
 * 1.6 Mbit/s, applied while loading) instead of simulating the throttled load from an unthrottled one;
 * slower and noisier, but it shows what the simulation cannot, e.g. a page that paints before its
 * scripts arrive (the simulation counts every high-priority script requested before the observed
 * first paint as blocking it).
 *
 * Its server, sign-in and browser helpers are exported for scripts/web-repeat.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { buildWeb } from './web-size.ts';

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

export interface Server {
  child: ChildProcess;
  /** Everything the server printed so far (its console mail included). */
  output: () => string;
}

export async function startServer(port: number, dataDir: string, webDir: string): Promise<Server> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 2 minutes');
    await new Promise((r) => setTimeout(r, 300));
  }
  return { child, output: () => output };
}

/** A call to the server's API (`token`: as that signed-in user); throws unless it answers 2xx. */
export async function api<T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The first administrator: register, read the code the server printed, verify, sign in. */
export async function signInFirstAdmin(base: string, server: Server) {
  const admin = {
    firstName: 'Lighthouse',
    lastName: 'Admin',
    email: 'lighthouse.admin@example.org',
    role: 'ADMIN',
    password: 'lighthouse-pass-1',
  };
  const registered = await api<{ data: { tempData: unknown } }>(base, 'POST', '/auth/register', admin);
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const mail = server.output().split(`To: ${admin.email}`)[1];
    code = mail?.match(/^\s+(\d{6})\s*$/m)?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error('no registration code in the server output');
  await api(base, 'POST', '/auth/verify-otp', {
    email: admin.email,
    otp: code,
    tempData: registered.data.tempData,
  });
  return api<{ access_token: string; user: unknown }>(base, 'POST', '/auth/login', {
    email: admin.email,
    password: admin.password,
  });
}

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  finalUrl: string;
}

/** Debian's Chromium (CHROMIUM_PATH), headless, with nothing of its own on the network. */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath,
    headless: true, // puppeteer passes --headless=new
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Stops the server and waits for it to exit. */
export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

async function measure(browser: Browser, url: string, session?: { token: string; user: unknown }) {
  const page = await browser.newPage();
  try {
    if (session) {
      // Store the session on the origin, then start cold: an empty HTTP cache, the session kept.
      await page.goto(new URL('/login', url).href, { waitUntil: 'load' });
      await page.evaluate(
        (token, user) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', user);
        },
        session.token,
        JSON.stringify(session.user),
      );
      await page.goto('about:blank');
      // A first visit: no HTTP cache, and no service worker or its precache from the visit to /login
      // (it registers once that page is idle), which would answer the page from the phone.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(url).origin,
        storageTypes: 'service_workers,cache_storage',
      });
      await cdp.detach();
    }
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: Boolean(session),
        ...(process.env.LIGHTHOUSE_THROTTLING === 'devtools'
          ? { throttlingMethod: 'devtools' as const }
          : {}),
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      const name = `${new URL(url).pathname.slice(1) || 'root'}-${Date.now()}.json`;
      mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, name), JSON.stringify(lhr));
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const figures: Figures = {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      si: audit('speed-index'),
      finalUrl: lhr.finalDisplayedUrl,
    };
    if (lhr.runtimeError)
      throw new Error(`Lighthouse (${lhr.runtimeError.code}): ${lhr.runtimeError.message}`);
    return figures;
  } finally {
    await page.close();
  }
}

/** The built web app to measure: the folder given, else a build made now inside `work`. */
export function webDirOf(given: string | undefined, work: string): string {
  if (given) return path.resolve(given);
  const webDir = path.join(work, 'web');
  console.log(`Building the web app into ${webDir} …`);
  buildWeb(webDir);
  return webDir;
}

const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;

async function main() {
  const given = process.argv[2];
  const work = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    const webDir = webDirOf(given, work);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(port, path.join(work, 'data'), webDir);
    const login = await signInFirstAdmin(base, server);
    const session = { token: login.access_token, user: login.user };

    browser = await launchChromium();

    const pages: { name: string; url: string; session?: typeof session; expect: RegExp }[] = [
      { name: '/login', url: `${base}/login`, expect: /\/login$/ },
      { name: '/dashboard', url: `${base}/dashboard`, session, expect: /\/dashboard$/ },
    ];
    const lines = [
      '| page | performance | FCP | LCP | TBT | CLS | Speed Index | runs (scores) |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ];
    for (const p of pages) {
      const all: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        // A busy machine sometimes loses a DevTools answer (PROTOCOL_TIMEOUT): that run is made again, once.
        const f = await measure(browser, p.url, p.session).catch((error: unknown) => {
          if (!String(error).includes('PROTOCOL_TIMEOUT')) throw error;
          console.log(`${p.name} run ${i + 1}: ${String(error)}; measuring again`);
          return measure(browser as Browser, p.url, p.session);
        });
        if (!p.expect.test(f.finalUrl)) throw new Error(`${p.name} ended at ${f.finalUrl}`);
        console.log(`${p.name} run ${i + 1}: ${f.score}`);
        all.push(f);
      }
      const median = [...all].sort((a, b) => a.score - b.score)[Math.floor(all.length / 2)];
      lines.push(
        `| ${p.name} | ${median.score} | ${ms(median.fcp)} | ${ms(median.lcp)} | ${Math.round(median.tbt)} ms | ${median.cls.toFixed(3)} | ${ms(median.si)} | ${all.map((f) => f.score).join(', ')} |`,
      );
    }
    console.log(
      `\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}— mobile, ${process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'DevTools' : 'simulated'} throttling:\n`,
    );
    console.log(lines.join('\n'));
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
