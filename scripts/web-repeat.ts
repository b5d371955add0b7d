/**
 * `npm run web:repeat [distDir]`: what a repeat visit of /dashboard and of /students transfers once the
 * service worker (decision 0036) is installed — the bytes that crossed the network, app files and API
 * answers apart (target: ≤ 50 KB a page, API answers included) — and whether Chromium considers the app
 * installable.
 *
 * Like `npm run lighthouse` (whose helpers it uses) it builds the web app into a temporary folder (or
 * uses the built distDir given), starts apps/api/src/server.ts on a free port with a fresh embedded
 * database, registers the first administrator through the API, and runs Debian's Chromium (CHROMIUM_PATH,
 * default /usr/bin/chromium; nothing is downloaded). The administrator creates a teacher holding
 * WEB_REPEAT_STUDENTS students (default 25, the most a teacher holds), who signs in (the session is
 * stored in localStorage, as the sign-in page does). The teacher opens /dashboard and /students once,
 * until the worker is active (it has precached the build) and controls the page, and the network is
 * quiet (the app has fetched what it keeps for the field). Then each page is visited again, a new
 * navigation from about:blank with the HTTP cache kept (as a phone keeps it), measured until the network
 * has been quiet for 1.5 s:
 *
 * - "within 30 min": at once, while the answers the app keeps are fresh;
 * - "30 min or more later": each 31 minutes after the one before, by moving the page's clock (Date)
 *   ahead, so that what the app keeps has gone stale and is fetched again, as when it starts after a
 *   while (the offline copy's caseload, app/caseload.ts and decision 0039: fetched when older than half
 *   an hour).
 *
 * The bytes are counted twice. DevTools (the page's and the worker's `Network` events: a response's
 * `fromServiceWorker` and `fromDiskCache`, `Network.loadingFinished`'s `encodedDataLength`, headers
 * included, and `Network.responseReceivedExtraInfo`'s header text) names each request that went to the
 * network and says which were answered by the worker or the HTTP cache instead. And the browser reaches
 * the server through a small TCP proxy of this script's own, which counts every byte the server sent
 * during the visit, each answer apart ("on the wire"). The browser also checks /sw.js for a new release
 * after a navigation, at a time of its own (within that visit, the next, or later) and out of DevTools'
 * sight, so the proxy's count leaves those checks out, and one check is added to each visit: measured
 * apart, through `registration.update()`, which makes the same request.
 *
 * Installability: Lighthouse 12 removed its PWA category and its installability audit (there is no
 * `installable-manifest` audit in node_modules/lighthouse any more), so Chromium's own check is used:
 * the DevTools protocol's `Page.getAppManifest` (the manifest found and its parse errors) and
 * `Page.getInstallabilityErrors` (none: Chromium would offer to install the app), and whether a service
 * worker controls the page (`navigator.serviceWorker.controller`). The script fails when the app is not
 * installable or no worker controls the page; it prints the transfer figures and never fails on them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server as NetServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession } from 'puppeteer-core';
import {
  api,
  freePort,
  launchChromium,
  signInFirstAdmin,
  startServer,
  stopServer,
  type Server,
  webDirOf,
} from './lighthouse.ts';

const TARGET_BYTES = 50 * 1024;
const studentCount = Math.max(1, Number(process.env.WEB_REPEAT_STUDENTS) || 25);
/** The students' last name, which /students shows once its answer has arrived. */
const STUDENT_SHOWN = 'Seeded';

/** A page expression (text: the scripts are typechecked without the DOM's types): `text` is on screen. */
const shows = (text: string) => `document.body.innerText.includes(${JSON.stringify(text)})`;

interface WireRequest {
  line: string;
  received: number;
}

/** A TCP proxy in front of the server that counts the bytes each way. */
interface CountingProxy {
  port: number;
  /**
   * Bytes the server sent to the browser (and the browser to the server) since the last reset, and the
   * requests it saw ('GET /sw.js') with the bytes of each answer (what the server sent on that connection
   * until its next request: Chromium sends HTTP/1.1 requests one at a time on a connection). A request
   * made before the reset whose answer arrives after it is listed too, with the bytes since.
   */
  counts: () => { received: number; sent: number; requests: WireRequest[] };
  reset: () => void;
  close: () => Promise<void>;
}

async function countingProxy(serverPort: number): Promise<CountingProxy> {
  let received = 0;
  let sent = 0;
  let requests: WireRequest[] = [];
  /** The requests of this count (since the last reset). */
  let counted = new WeakSet<WireRequest>();
  const sockets = new Set<Socket>();
  const proxy: NetServer = createServer((client) => {
    const upstream = connect(serverPort, '127.0.0.1');
    let current: WireRequest | undefined;
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (d: Buffer) => {
      sent += d.length;
      const line = /^([A-Z]+) (\S+) HTTP\/1\.1\r\n/.exec(d.toString('latin1', 0, 2048));
      if (line) {
        current = { line: `${line[1]} ${line[2]}`, received: 0 };
        requests.push(current);
        counted.add(current);
      }
    });
    upstream.on('data', (d: Buffer) => {
      received += d.length;
      if (!current) return;
      if (!counted.has(current)) {
        current = { line: current.line, received: 0 };
        requests.push(current);
        counted.add(current);
      }
      current.received += d.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(port, '127.0.0.1', resolve);
  });
  return {
    port,
    counts: () => ({ received, sent, requests: requests.map((r) => ({ ...r })) }),
    reset: () => {
      received = 0;
      sent = 0;
      requests = [];
      counted = new WeakSet();
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}

interface Request {
  url: string;
  method: string;
  /** Whose DevTools target made the request: the page, or the service worker (its own fetches). */
  by: 'page' | 'worker';
  status?: number;
  /** Where the answer came from: the network, the service worker, or the HTTP cache. */
  source: 'network' | 'worker' | 'cache';
  /** Bytes received (headers included), from Network.loadingFinished. */
  bytes: number;
  /** Of those, the response's headers (the length of their text, Network.responseReceivedExtraInfo). */
  headerBytes: number;
  done: boolean;
  failed?: string;
  started: number;
}

/** The requests the page and the worker make, from their DevTools `Network` events. */
class NetworkLog {
  readonly requests = new Map<string, Request>();
  private lastEvent = Date.now();

  async record(session: CDPSession, by: Request['by']) {
    const key = (id: string) => `${by}:${id}`;
    const seen = (id: string) => {
      this.lastEvent = Date.now();
      return this.requests.get(key(id));
    };
    session.on('Network.requestWillBeSent', (e) => {
      // A redirect reuses the id: the earlier hop keeps a line of its own.
      const earlier = seen(e.requestId);
      if (earlier && e.redirectResponse) {
        this.requests.set(`${key(e.requestId)}:${this.requests.size}`, {
          ...earlier,
          status: e.redirectResponse.status,
          bytes: e.redirectResponse.encodedDataLength,
          done: true,
        });
      }
      this.requests.set(key(e.requestId), {
        url: e.request.url,
        method: e.request.method,
        by,
        source: 'network',
        bytes: 0,
        headerBytes: 0,
        done: false,
        started: Date.now(),
      });
    });
    session.on('Network.requestServedFromCache', (e) => {
      const r = seen(e.requestId);
      if (r) r.source = 'cache';
    });
    session.on('Network.responseReceived', (e) => {
      const r = seen(e.requestId);
      if (!r) return;
      r.status = e.response.status;
      if (e.response.fromServiceWorker) r.source = 'worker';
      else if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.source = 'cache';
    });
    session.on('Network.responseReceivedExtraInfo', (e) => {
      const r = seen(e.requestId);
      if (r && e.headersText) r.headerBytes = Buffer.byteLength(e.headersText);
    });
    session.on('Network.dataReceived', (e) => void seen(e.requestId));
    session.on('Network.loadingFinished', (e) => {
      const r = seen(e.requestId);
      if (!r) return;
      r.bytes = e.encodedDataLength;
      r.done = true;
    });
    session.on('Network.loadingFailed', (e) => {
      const r = seen(e.requestId);
      if (!r) return;
      r.failed = e.errorText;
      r.done = true;
    });
    await session.send('Network.enable');
  }

  clear() {
    this.requests.clear();
  }

  /**
   * Waits until nothing has happened on the network for `quietMs` and no request is in flight (one in
   * flight for more than 15 s is left as it is: it shows as unfinished).
   */
  async quiet(quietMs = 1500, maxMs = 90_000) {
    const deadline = Date.now() + maxMs;
    for (;;) {
      const now = Date.now();
      const inFlight = [...this.requests.values()].some((r) => !r.done && now - r.started < 15_000);
      if (!inFlight && now - this.lastEvent >= quietMs) return;
      if (now > deadline) throw new Error(`the network was not quiet within ${maxMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The active service worker's DevTools target, once there is one. */
async function workerSession(browser: Browser, origin: string): Promise<CDPSession> {
  const target = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().startsWith(origin),
    { timeout: 60_000 },
  );
  return target.createCDPSession();
}

/**
 * A page script that moves the page's clock (Date, Date.now) `ms` ahead, so that a visit happens that
 * much later for the app: what it kept is that much older.
 */
const clockAhead = (ms: number) => `(() => {
  const RealDate = Date;
  const now = () => RealDate.now() + ${ms};
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
})();`;

interface Visit {
  path: string;
  /** Whether what the app keeps was still fresh (within 30 minutes of the visit before). */
  when: 'soon' | 'later';
  requests: Request[];
  /** What went through the proxy during the visit. */
  wire: ReturnType<CountingProxy['counts']>;
}

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
const sum = (rs: Request[]) => rs.reduce((n, r) => n + r.bytes, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const WHEN = { soon: 'within 30 min', later: '30 min or more later' };
const requestLine = (r: Request) => {
  const u = new URL(r.url);
  return `${r.method} ${u.pathname}${u.search}`;
};

const isCheck = (line: string) => line.startsWith('GET /sw.js');

/**
 * The figures of a visit: app files and API answers as DevTools saw them; what the proxy counted apart
 * from the checks of /sw.js, and the requests it saw that DevTools did not; the total, the larger of
 * DevTools' sum and the proxy's count, plus one check of /sw.js (`updateCheck`).
 */
function figures(v: Visit, updateCheck: number) {
  const network = v.requests.filter((r) => r.source === 'network');
  const app = sum(network.filter((r) => !isApi(r.url)));
  const apiAnswers = network.filter((r) => isApi(r.url));
  const apiBytes = sum(apiAnswers);
  const apiHeaders = apiAnswers.reduce((n, r) => n + r.headerBytes, 0);
  const checks = v.wire.requests.filter((r) => isCheck(r.line));
  const wire = v.wire.received - checks.reduce((n, r) => n + r.received, 0);
  const unseen = v.wire.requests.map((r) => r.line).filter((l) => !isCheck(l));
  for (const r of network) {
    const at = unseen.indexOf(requestLine(r));
    if (at >= 0) unseen.splice(at, 1);
  }
  const total = Math.max(app + apiBytes, wire) + updateCheck;
  return { network, app, api: apiBytes, apiHeaders, wire, checks, unseen, total };
}

function formatVisits(visits: Visit[], updateCheck: number): string {
  const lines = [
    '| repeat visit | when | requests | answered by the worker | app files | API answers | of which headers | on the wire (proxy), /sw.js apart | /sw.js check | total | target | met |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const v of visits) {
    const f = figures(v, updateCheck);
    const pageRequests = v.requests.filter((r) => r.by === 'page');
    const byWorker = pageRequests.filter((r) => r.source === 'worker').length;
    lines.push(
      `| ${v.path} | ${WHEN[v.when]} | ${pageRequests.length} | ${byWorker} | ${kb(f.app)} | ${kb(f.api)} | ${kb(f.apiHeaders)} | ${kb(f.wire)} | ${kb(updateCheck)} | ${kb(f.total)} | ≤ ${kb(TARGET_BYTES)} | ${f.total <= TARGET_BYTES ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}

function formatRequests(v: Visit, updateCheck: number): string {
  const line = (r: Request) => {
    const by = r.by === 'worker' ? ', fetched by the worker' : '';
    const status = r.failed ? `failed: ${r.failed}` : r.done ? String(r.status ?? '—') : 'unfinished';
    return `  ${isApi(r.url) ? 'API' : 'app'} ${requestLine(r)}: ${status}, ${r.bytes} B (headers ${r.headerBytes} B)${by}`;
  };
  const f = figures(v, updateCheck);
  const cached = v.requests.filter((r) => r.source === 'cache');
  return [
    `${v.path}, ${WHEN[v.when]}: ${f.network.length} requests over the network`,
    ...f.network.map(line),
    ...(cached.length
      ? [`  and from the HTTP cache: ${cached.map((r) => new URL(r.url).pathname).join(', ')}`]
      : []),
    `  through the proxy: ${v.wire.received} B received, ${v.wire.sent} B sent, ${v.wire.requests.length} requests` +
      (f.checks.length
        ? `, of which ${f.checks.length} of /sw.js (${f.checks.map((r) => `${r.received} B`).join(', ')})`
        : '') +
      (f.unseen.length ? `; not in DevTools: ${f.unseen.join(', ')}` : ''),
  ].join('\n');
}

async function main() {
  const given = process.argv[2];
  const work = mkdtempSync(path.join(os.tmpdir(), 'web-repeat-'));
  let server: Server | undefined;
  let proxy: CountingProxy | undefined;
  let browser: Browser | undefined;
  try {
    const webDir = webDirOf(given, work);
    const port = await freePort();
    const serverBase = `http://127.0.0.1:${port}`;
    server = await startServer(port, path.join(work, 'data'), webDir);

    // The teacher and the students, made through the API (not through the proxy, so not counted).
    const admin = await signInFirstAdmin(serverBase, server);
    const teacher = {
      firstName: 'Repeat',
      lastName: 'Teacher',
      email: 'repeat.teacher@example.org',
      role: 'TEACHER',
      password: 'repeat-pass-1',
    };
    const { id: teacherId } = await api<{ id: string }>(
      serverBase,
      'POST',
      '/users',
      teacher,
      admin.access_token,
    );
    const year = new Date().getFullYear();
    for (let i = 1; i <= studentCount; i++) {
      await api(
        serverBase,
        'POST',
        '/students',
        {
          studentId: `REPEAT-${String(i).padStart(3, '0')}`,
          category: 'CENTER_BASE',
          dateOfBirth: `${year - 3 - (i % 3)}-0${1 + (i % 9)}-15`,
          firstName: `Child${i}`,
          lastName: STUDENT_SHOWN,
          assignedTeacherId: teacherId,
        },
        admin.access_token,
      );
    }
    const login = await api<{ access_token: string; user: unknown }>(serverBase, 'POST', '/auth/login', {
      email: teacher.email,
      password: teacher.password,
    });

    proxy = await countingProxy(port);
    const base = `http://127.0.0.1:${proxy.port}`;
    browser = await launchChromium();
    const page = await browser.newPage();
    const log = new NetworkLog();
    const cdp = await page.createCDPSession();
    await log.record(cdp, 'page');

    // The first visits: store the session, open both pages, and wait for the worker to take control
    // (and what the app keeps for the field to be fetched).
    await page.goto(`${base}/login`, { waitUntil: 'load' });
    await page.evaluate(
      (token, user) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      },
      login.access_token,
      JSON.stringify(login.user),
    );
    console.log('First visit of /dashboard, until the service worker controls the page …');
    await page.goto(`${base}/dashboard`, { waitUntil: 'load' });
    if (!page.url().endsWith('/dashboard')) throw new Error(`/dashboard ended at ${page.url()}`);
    await page.waitForFunction('navigator.serviceWorker.controller !== null', { timeout: 120_000 });
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await log.quiet();
    console.log('First visit of /students …');
    await page.goto(`${base}/students`, { waitUntil: 'load' });
    await page.waitForFunction(shows(STUDENT_SHOWN), { timeout: 60_000 });
    await log.quiet();
    await log.record(await workerSession(browser, base), 'worker');

    // The repeat visits: soon after (what the app kept is fresh), then each 31 minutes after the one before.
    const visits: Visit[] = [];
    const plan: { path: string; when: Visit['when']; aheadMs: number; shown: string }[] = [
      { path: '/dashboard', when: 'soon', aheadMs: 0, shown: `Welcome back, ${teacher.firstName}!` },
      { path: '/students', when: 'soon', aheadMs: 0, shown: STUDENT_SHOWN },
      {
        path: '/dashboard',
        when: 'later',
        aheadMs: 31 * 60_000,
        shown: `Welcome back, ${teacher.firstName}!`,
      },
      { path: '/students', when: 'later', aheadMs: 62 * 60_000, shown: STUDENT_SHOWN },
    ];
    for (const p of plan) {
      console.log(`Repeat visit of ${p.path}, ${WHEN[p.when]} …`);
      await page.goto('about:blank');
      const clock = p.aheadMs ? await page.evaluateOnNewDocument(clockAhead(p.aheadMs)) : undefined;
      await log.quiet(500);
      log.clear();
      proxy.reset();
      await page.goto(`${base}${p.path}`, { waitUntil: 'load' });
      if (!page.url().endsWith(p.path)) throw new Error(`${p.path} ended at ${page.url()}`);
      await page.waitForFunction(shows(p.shown), { timeout: 60_000 });
      await log.quiet();
      visits.push({
        path: p.path,
        when: p.when,
        requests: [...log.requests.values()],
        wire: proxy.counts(),
      });
      if (clock) await page.removeScriptToEvaluateOnNewDocument(clock.identifier);
    }

    // The browser's check for a new release, one to each visit: the same request as
    // registration.update() makes.
    await log.quiet(500);
    proxy.reset();
    await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)');
    await log.quiet();
    const updateCheck = proxy.counts().received;

    // Installability, on the page the teacher opened last.
    const manifest = await cdp.send('Page.getAppManifest');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const worker = (await page.evaluate(
      `({ script: navigator.serviceWorker.controller?.scriptURL ?? null,
          state: navigator.serviceWorker.controller?.state ?? null })`,
    )) as { script: string | null; state: string | null };

    console.log(
      `\nRepeat visits with the service worker installed, a teacher with ${studentCount} students (KB = 1,024 bytes, headers included):\n`,
    );
    console.log(formatVisits(visits, updateCheck));
    console.log(
      [
        '',
        '"within 30 min": what the app keeps is still fresh. "30 min or more later": the page\'s clock moved ahead',
        "31 minutes a visit, so that the app fetches again what it keeps (the teacher's caseload). App files and",
        'API answers: what DevTools saw go to the network. On the wire: every byte the server sent during the',
        'visit, counted by a proxy in front of it, the checks of /sw.js apart. /sw.js check: the browser asking',
        'for a new release after a navigation, at a time of its own (in that visit, the next or later; DevTools',
        "does not show it): one is counted to each visit. Total: the larger of DevTools' sum and the proxy's,",
        'plus the check.',
      ].join('\n'),
    );
    for (const v of visits) console.log(`\n${formatRequests(v, updateCheck)}`);
    console.log(`\nThe check for a new release (/sw.js, unchanged): ${updateCheck} B received`);

    const installable = manifest.url !== '' && installabilityErrors.length === 0;
    const manifestErrors = manifest.errors.map((e) => e.message).join('; ');
    console.log('\nInstallability (Chromium, Page.getAppManifest and Page.getInstallabilityErrors):\n');
    console.log('| check | result |');
    console.log('| --- | --- |');
    console.log(
      `| manifest | ${manifest.url ? new URL(manifest.url).pathname : 'none'}, ${manifestErrors ? `errors: ${manifestErrors}` : 'no errors'} |`,
    );
    console.log(
      `| installable | ${installable ? 'yes, no installability errors' : `no (${installabilityErrors.map((e) => e.errorId).join(', ') || 'no manifest'})`} |`,
    );
    console.log(
      `| service worker controls the page | ${worker.script ? `yes (${new URL(worker.script).pathname}, ${worker.state})` : 'no'} |`,
    );
    if (!installable || !worker.script) process.exitCode = 1;
  } finally {
    await browser?.close();
    await proxy?.close();
    if (server) await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
