import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real server process: migrations on start, one process per DATA_DIR, clean shutdown on signals.
const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'csp-server-'));
const port = 3900 + Math.floor(Math.random() * 90);

function start(extraPort = port): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let out = '';
  const child = spawn(tsx, ['apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(extraPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST_DIR: '/nonexistent',
    },
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitForHealth(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return res.json();
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Runs once, in the PGlite project: it starts the embedded database itself.
describe.skipIf(process.env.TEST_DB === 'postgres')('the server process', () => {
  it('migrates and serves, refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const first = start();
    expect(await waitForHealth(`http://127.0.0.1:${port}/api/health`)).toEqual({
      status: 'ok',
      database: 'pglite',
    });

    const second = start(port + 100);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Another server is already using the data folder ${dataDir}`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // The data survived the restart and the lock was released.
    const again = start();
    expect(await waitForHealth(`http://127.0.0.1:${port}/api/health`)).toEqual({
      status: 'ok',
      database: 'pglite',
    });
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('stops with `npm start` when npm is sent SIGTERM (as a process manager stops the service)', async () => {
    const npmPort = port + 200;
    // In a process group of its own: whatever is left of it at the end (if this test fails, an orphaned
    // server) is stopped with the group.
    const npm = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(npmPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        WEB_DIST_DIR: '/nonexistent',
      },
    });
    const npmExited = new Promise((resolve) => npm.on('exit', resolve));
    const url = `http://127.0.0.1:${npmPort}/api/health`;
    try {
      await waitForHealth(url);
      npm.kill('SIGTERM');
      await npmExited;
      // The server behind npm stops too: it no longer answers, and its data folder is free again.
      await expect
        .poll(
          () =>
            fetch(url).then(
              () => 'answering',
              () => 'stopped',
            ),
          { timeout: 20_000 },
        )
        .toBe('stopped');
    } finally {
      try {
        process.kill(-(npm.pid as number), 'SIGKILL');
      } catch {
        // The group is gone: nothing was left.
      }
    }
    const after = start();
    expect(await waitForHealth(`http://127.0.0.1:${port}/api/health`)).toEqual({
      status: 'ok',
      database: 'pglite',
    });
    after.child.kill('SIGTERM');
    expect(await after.exited).toBe(0);
  }, 120_000);
});
