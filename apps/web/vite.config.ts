import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPageChunks } from './build/first-page-chunks.ts';

const brotli = promisify(brotliCompress);

/** The chunks of the offline machinery, loaded in the background (see build.modulePreload). */
const BACKGROUND_CHUNK = /(^|\/)(outbox-sender|outbox-uploads|offline-copy|field-copy|caseload)-[\w-]+\.js$/;
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text asset of
 * 1 KB or more in the output folder (whichever --outDir the build uses), so the server sends them
 * precompressed (@fastify/static `preCompressed`) instead of compressing on each request, or not at all.
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;
  let outDir = '';
  let written = false;
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
    writeBundle() {
      written = true;
    },
    // After every other plugin's last files (the service worker, offlineApp).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // A failed build wrote nothing to compress; its own error is the one to see.
        if (!written) return;
        written = false;
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
    },
  };
}

/**
 * Writes `login.html`: the built index.html with the sign-in page's markup already in #root, so /login
 * paints before any script has loaded (the server sends it for GET /login only, so no other page shows
 * a sign-in form first); `public.html`, index.html without the signed-in preloads, for the other public
 * pages; and index.html itself with the signed-in pages' loading frame in #root (ShellSkeleton: top
 * bar, sidebar, page area), so a signed-in page paints its frame before any script too. The markup is
 * the app's own render (src/prerender.tsx, built for Node into a temporary folder and run here): main.tsx
 * hydrates the sign-in page and replaces the frame. Runs after the client build has written its files
 * and before `precompress` compresses them.
 */
function prerenderLogin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'csp:prerender-login',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      // Inside the app's folder, so that Node finds the libraries the render imports.
      const cache = path.join(root, 'node_modules', '.cache');
      await mkdir(cache, { recursive: true });
      const work = await mkdtemp(path.join(cache, 'prerender-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          build: {
            ssr: 'src/prerender.tsx',
            outDir: work,
            emptyOutDir: true,
            minify: false,
            rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const { renderLogin, renderShell } = (await import(
          pathToFileURL(path.join(work, 'prerender.mjs')).href
        )) as {
          renderLogin: () => Promise<{ markup: string; title: string }>;
          renderShell: () => string;
        };
        const { markup, title } = await renderLogin();
        const shell = renderShell();
        const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
        if (!index.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
        // Mantine sets the colour scheme attribute when it starts; the prerendered page needs it from the
        // first paint (its colour variables are scoped to it). The title is the one the page sets.
        // The signed-in pages' preloads (preloadSignedIn) are not the sign-in page's.
        if (signedInPreloads && !index.includes(signedInPreloads))
          throw new Error('index.html lost its preloads');
        const withColourScheme = (html: string) =>
          html.replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">');
        const login = withColourScheme(index)
          .replace(signedInPreloads, () => loginPreloads)
          .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
          .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
        await writeFile(path.join(outDir, 'login.html'), login);
        // The other public pages (registration, password reset) load none of the signed-in chunks either:
        // the server sends them index.html without the preloads.
        await writeFile(path.join(outDir, 'public.html'), index.replace(signedInPreloads, ''));
        // The frame is a placeholder that main.tsx replaces, never hydrates (`data-frame`): see there.
        await writeFile(
          path.join(outDir, 'index.html'),
          withColourScheme(index).replace(
            '<div id="root"></div>',
            () => `<div id="root" data-frame="">${shell}</div>`,
          ),
        );
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

// Dev: http://localhost:5173 with /api proxied to the API server (port 3000).
// Production: `vite build` writes dist/, which the API server serves (apps/api/src/app.ts).

const src = (file: string) => fileURLToPath(new URL(`src/${file}`, import.meta.url));
/** The first signed-in page's lazy routes: the protected layout and the dashboard. */
const SHELL_ROOTS = [src('app/shell/AppLayout.tsx'), src('features/dashboard/pages/DashboardPage.tsx')];
/** The sign-in page: lazy, its chunk preloaded by login.html only. */
const LOGIN_ROOT = src('features/auth/pages/LoginPage.tsx');
const firstPageChunk = firstPageChunks({
  entry: fileURLToPath(new URL('index.html', import.meta.url)),
  shell: SHELL_ROOTS,
  // The lazy pages outside the protected layout.
  public: [
    LOGIN_ROOT,
    src('features/auth/pages/RegisterPage.tsx'),
    src('features/auth/pages/ForgotPasswordPage.tsx'),
  ],
  shellStyles: src('app/mantine-styles-shell.ts'),
});

/**
 * Adds to index.html (which the server sends for every app path but /login, so mostly for signed-in
 * pages) `<link rel="modulepreload">` for the chunks the first signed-in page needs beyond the entry:
 * the protected layout, the dashboard and what they import (the shell group, its CSS as a preload).
 * Without them these are requested only once the entry has loaded and run (the lazy layout and page), a
 * second round of downloads before the first signed-in paint. The names come from the bundle, so they
 * follow the hashes. login.html has the sign-in page's chunks in their place (prerenderLogin swaps
 * `signedInPreloads` for `loginPreloads`): the sign-in page loads none of the signed-in pages' files.
 */
let signedInPreloads = '';
/** The same for the sign-in page (its lazy chunk), which login.html has in their place. */
let loginPreloads = '';

function preloadSignedIn(): Plugin {
  return {
    name: 'csp:preload-signed-in',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('the bundle has no entry');
        // What the entry loads anyway (its static imports) is preloaded already.
        const loaded = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file) || loaded.has(file)) return;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
        };
        walk(entry.fileName, loaded);
        // The whole inserted text, so that removing it gives back the document without them.
        const preloadsOf = (roots: string[]) => {
          const files = new Set<string>();
          for (const root of roots) {
            const chunk = chunks.find(
              (c) => c.facadeModuleId?.endsWith(root) || c.moduleIds.some((id) => id.endsWith(root)),
            );
            if (!chunk) throw new Error(`no chunk holds ${root}`);
            walk(chunk.fileName, files);
          }
          const css = new Set<string>();
          for (const file of files)
            for (const sheet of byFile.get(file)?.viteMetadata?.importedCss ?? []) css.add(sheet);
          const links = [
            ...[...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
            ...[...css].map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
          ].join('\n    ');
          return `  ${links}\n  `;
        };
        if (!html.includes('</head>')) throw new Error('index.html has no </head>');
        signedInPreloads = preloadsOf(SHELL_ROOTS);
        loginPreloads = preloadsOf([LOGIN_ROOT]);
        return html.replace('</head>', () => `${signedInPreloads}</head>`);
      },
    },
  };
}

/**
 * The installable, offline app (decision 0036): the web app manifest, and the service worker built from
 * src/sw.ts with the build's files to precache (every chunk, style, font, icon and the three documents;
 * not the source maps or Vite's own manifest). It writes the worker when the bundle closes, after
 * prerenderLogin has written the documents, and before precompress compresses it with the rest.
 */
const offlineApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    // lib/service-worker.ts registers it, once the first page is idle.
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Child Support Programme',
      short_name: 'Child Support',
      description: 'Management application of the child-support programme',
      lang: 'en',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      // The theme's primary colour (teal, as index.html's theme-color) and the pages' background.
      theme_color: '#12b886',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        // The heart within the safe zone, on a full square (build/maskable-icon.svg).
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    // The plugin adds the manifest and its icons to the precache itself.
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2}'],
      globIgnores: ['.vite/**', '**/*.map', 'sw.js', 'icons/icon-*.png', 'icons/maskable-*.png'],
    },
    devOptions: { enabled: false },
  });

export default defineConfig({
  plugins: [react(), preloadSignedIn(), prerenderLogin(), offlineApp(), precompress()],
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
    modulePreload: {
      // The offline machinery (the outbox's sender, the offline copy) starts in the background after
      // the first page: its chunks need no preload hints, whose file names would weigh on that page.
      resolveDependencies: (filename, deps) => (BACKGROUND_CHUNK.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      // The shared contracts only declare schemas and constants: a module none of whose exports a chunk
      // uses is left out of it (the login page needs the auth schemas, not the attendance ones).
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
        // Building a zod schema (`z.object(…)`, `z.string().min(…)`) has no effect beyond its value: one
        // no chunk uses is left out too, so a module read for its constants (ROLES, LIMITS) brings only
        // the schemas something uses. (No web code reads zod's global registry.)
        manualPureFunctions: ['z'],
      },
      output: {
        // The lazy pages' library chunks are named after every page that shares them (lib~A~B~…, some
        // 100 characters); the entry lists each chunk's file for its preloads, so they get short names.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('lib~') ? 'assets/lib-[hash].js' : 'assets/[name]-[hash].js',
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
            // Loaded only with the lazy charts (leave analytics, growth charts): @mantine/charts and
            // recharts; what else they need goes to the lib groups by the pages that use it (taking its
            // dependencies too, this group took a Mantine module the entry shares, and every first load
            // then loaded recharts).
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts)[\\/]/,
              includeDependenciesRecursively: false,
            },
            // Loaded only with the lazy map of a home visit (not part of the first load).
            { name: 'leaflet', test: /node_modules[\\/](leaflet)[\\/]/ },
            // The service worker's registration (lib/service-worker.ts), loaded once the first page is
            // idle: a chunk of its own, as in a shared library chunk it would bring that chunk's imports
            // (the signed-in pages' code) to the sign-in page.
            { name: 'workbox', test: /node_modules[\\/]workbox-window[\\/]/ },
            // The forms' validation (the contracts' schemas, loaded with the pages that validate, and by
            // the sign-in page after its first paint): a chunk of its own, so that the pages that share
            // other libraries with those (the protected layout with the register page) do not load it.
            { name: 'zod', test: /node_modules[\\/](zod|mantine-form-zod-resolver)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // The first signed-in page's styles beyond the entry's (see build/first-page-chunks.ts).
            {
              name: (id, ctx) => (firstPageChunk(id, ctx) === 'shell-styles' ? 'shell-styles' : null),
              debugName: 'shell-styles',
              includeDependenciesRecursively: false,
            },
            // The other pages' Mantine styles (src/app/mantine-styles.ts), then the app's CSS
            // modules, in one chunk: every module with CSS of its own imports mantine-styles.ts first, so
            // the app's rules come after Mantine's, as they did when all of Mantine's came with the entry.
            {
              name: 'styles',
              test: /([\\/]src[\\/]app[\\/]mantine-styles\.ts|[\\/]src[\\/].*\.module\.css|[\\/]node_modules[\\/]@mantine[\\/][^\\/]+[\\/]styles(?:[\\/].*)?\.css)$/,
              includeDependenciesRecursively: false,
            },
            // The first pages' code beyond the entry: 'shell', 'public' and 'auth' (build/first-page-chunks.ts).
            // Each set already holds what its modules import, so none of their dependencies is pulled in
            // (that would move the entry's modules out of the entry).
            {
              name: (id, ctx) => {
                const chunk = firstPageChunk(id, ctx);
                return chunk === 'shell-styles' ? null : chunk;
              },
              debugName: 'first-pages',
              includeDependenciesRecursively: false,
            },
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
