#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build (unless WEB_DIST_DIR points
// the server at another build), then runs the API server (migrations run on start) which serves the app
// and the API at http://localhost:${PORT:-3000}. package.json runs this with `exec`, so that a SIGTERM
// sent to npm (a process manager stopping the service) reaches this process, which passes it on: the
// server then closes its database before it exits, instead of running on orphaned.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), st.mtimeMs);
}

const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
if (!process.env.WEB_DIST_DIR && builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const server = spawn(tsx, ['apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
