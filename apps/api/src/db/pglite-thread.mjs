// The PGlite worker thread's entry (started by pglite-worker.ts): registers tsx's loader in this thread,
// then runs the TypeScript. Needed in both the server, run with tsx (on Node 20 a worker does not get its
// parent's loader hooks, nor a `--import tsx` of its own), and Vitest (its transform does not reach a
// worker's files). Named here, tsx resolves from this file, whatever the working directory.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.ts');
