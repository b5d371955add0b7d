#!/usr/bin/env node
// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server with hot reload
// (http://localhost:5173, proxying /api to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
let exited = 0;
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    if (++exited === children.length) process.exit(code ?? 0);
  });
}
