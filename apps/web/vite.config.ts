import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text asset of
 * 1 KB or more in the output folder (whichever --outDir the build uses), so the server sends them
 * precompressed (@fastify/static `preCompressed`) instead of compressing on each request, or not at all.
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
  let outDir = '';
  const files = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return e.name === '.vite' ? [] : files(full);
        return COMPRESSIBLE.test(e.name) ? [full] : [];
      }),
    );
    return nested.flat();
  };
  return {
    name: 'csp:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const targets = await files(outDir);
      await Promise.all(
        targets.map(async (file) => {
          const content = await readFile(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

// Dev: http://localhost:5173 with /api proxied to the API server (port 3000).
// Production: `vite build` writes dist/, which the API server serves (apps/api/src/app.ts).
/**
 * The modules the first signed-in page needs beyond the entry: what the protected layout and the
 * dashboard import (statically), less what the entry's own import graph reaches. Grouped into one chunk
 * ('shell'), a first visit to /dashboard loads a few files instead of many small shared ones (each a
 * round trip on HTTP/1.1). In practice these are the app's own modules: a library is imported through
 * its index, which the entry reaches too, so libraries stay with the groups below. Computed from the
 * module graph once it is complete, before chunks are made.
 */
const SHELL_ROOTS = ['/src/app/shell/AppLayout.tsx', '/src/features/dashboard/pages/DashboardPage.tsx'];
const shellModules = new Set<string>();

function shellChunk(): Plugin {
  return {
    name: 'csp:shell-chunk',
    apply: 'build',
    buildEnd() {
      shellModules.clear();
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const initial = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const roots = ids.filter((id) => SHELL_ROOTS.some((r) => id.endsWith(r)));
      for (const id of closure(roots)) {
        if (!initial.has(id) && !roots.includes(id)) shellModules.add(id);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), shellChunk(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    manifest: true,
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The shared contracts only declare schemas and constants: a module none of whose exports a chunk
      // uses is left out of it (the login page needs the auth schemas, not the attendance ones).
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases. The
        // react, mantine and vendor chunks take only what the first page needs ('$initial': statically
        // imported from the entry); a library only lazy pages use goes with those pages.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](?!charts[\\/])|@floating-ui[\\/])/,
              tags: ['$initial'],
            },
            // Loaded only with the lazy charts (leave analytics, growth charts): @mantine/charts, recharts
            // and what only they need (a group takes its modules' dependencies too, so it comes after
            // react and mantine).
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts)[\\/]/,
            },
            // Loaded only with the lazy map of a home visit (not part of the first load).
            { name: 'leaflet', test: /node_modules[\\/](leaflet)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // What the protected layout and the dashboard need beyond the entry (see shellChunk).
            // The set is closed under static imports apart from the entry's modules, so the group needs
            // none of its dependencies pulled in (that would move entry modules out of the entry).
            { name: 'shell', test: (id) => shellModules.has(id), includeDependenciesRecursively: false },
            // Libraries of the lazy pages: grouped by the pages that use them, small groups merged, so
            // that a page loads a few library chunks rather than one per module.
            {
              name: 'lib',
              test: /node_modules[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 30_000,
            },
          ],
        },
      },
    },
  },
});
