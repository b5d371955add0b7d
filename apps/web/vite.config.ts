import { access, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ModuleInfo } from 'rolldown';
import { build, defineConfig, type Plugin } from 'vite';

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
    async closeBundle() {
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

/** What a module imports, by specifier: the names it takes, or '*' (all, or not known). */
function importsOf(code: string): Map<string, Set<string> | '*'> {
  const found = new Map<string, Set<string> | '*'>();
  const add = (spec: string, names: string[] | '*') => {
    const known = found.get(spec);
    if (known === '*') return;
    if (names === '*') found.set(spec, '*');
    else found.set(spec, new Set([...(known ?? []), ...names]));
  };
  for (const m of code.matchAll(/\b(?:import|export)\s*([\w\s{},*$]*?)\s*from\s*["']([^"']+)["']/g)) {
    const clause = m[1];
    if (clause.includes('*')) {
      add(m[2], '*');
      continue;
    }
    const braces = /\{([^}]*)\}/.exec(clause);
    const names = (braces?.[1] ?? '')
      .split(',')
      .map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0],
      )
      .filter(Boolean);
    if (clause.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '') !== '') names.push('default');
    add(m[2], names);
  }
  for (const m of code.matchAll(/\bimport\s*["']([^"']+)["']/g)) add(m[1], []);
  return found;
}

/**
 * A library's index that only re-exports (`export { A } from './a.mjs'`): what each name comes from, the
 * `export *` sources, and its side-effect imports; null for any other module.
 */
function barrelOf(code: string) {
  const body = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/^\s*["']use client["'];?\s*$/gm, '');
  const statements = body.split(/;?\s*\n/).filter((l) => l.trim());
  if (statements.length < 2 || !statements.every((l) => /^\s*(export\s*[{*]|import\s*["'{*\w])/.test(l)))
    return null;
  const named = new Map<string, { spec: string; name: string }>();
  const stars: string[] = [];
  const sideEffects: string[] = [];
  const namespaces = new Map<string, string>();
  for (const l of statements) {
    const reexport = /^\s*export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/.exec(l);
    const star = /^\s*export\s*\*\s*from\s*["']([^"']+)["']/.exec(l);
    const bare = /^\s*import\s*["']([^"']+)["']/.exec(l);
    // `import * as index from './icons/index.mjs'; export { index as icons };`
    const namespace = /^\s*import\s*\*\s*as\s+(\w+)\s+from\s*["']([^"']+)["']/.exec(l);
    const local = /^\s*export\s*\{\s*(\w+)(?:\s+as\s+(\w+))?\s*\}\s*$/.exec(l);
    if (namespace) namespaces.set(namespace[1], namespace[2]);
    else if (local && namespaces.has(local[1])) {
      named.set(local[2] ?? local[1], { spec: namespaces.get(local[1]) as string, name: '*' });
    } else if (reexport) {
      for (const part of reexport[1]
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [name, alias = name] = part.split(/\s+as\s+/);
        named.set(alias, { spec: reexport[2], name });
      }
    } else if (star) stars.push(star[1]);
    else if (bare) sideEffects.push(bare[1]);
    else return null;
  }
  return { named, stars, sideEffects };
}

/**
 * The modules the first signed-in page needs beyond the entry: what the protected layout and the
 * dashboard import (statically), less what the entry's own import graph reaches. Grouped into one chunk
 * ('shell'), a first visit to /dashboard loads a few files instead of many small shared ones (each a
 * round trip on HTTP/1.1), and none of the libraries only other pages use. A library's index is
 * followed only through the names imported from it (`import { Menu } from '@mantine/core'` takes the
 * Menu modules, not the whole library); libraries the entry needs go to its own groups, which come first.
 * Computed from the module graph once it is complete, before chunks are made.
 */
const SHELL_ROOTS = ['/src/app/shell/AppLayout.tsx', '/src/features/dashboard/pages/DashboardPage.tsx'];
/** The sign-in page: lazy, its chunk preloaded by login.html only. */
const LOGIN_ROOT = '/src/features/auth/pages/LoginPage.tsx';
/** The lazy pages outside the protected layout. */
const PUBLIC_ROOTS = [
  LOGIN_ROOT,
  '/src/features/auth/pages/RegisterPage.tsx',
  '/src/features/auth/pages/ForgotPasswordPage.tsx',
];
const shellModules = new Set<string>();
/** The first signed-in page's style sheets (see shellChunk). */
const SHELL_STYLES = '/src/app/mantine-styles-shell.ts';
const shellStyleModules = new Set<string>();
const CSS_MODULE = /\.module\.css$/;
/** A Mantine core style sheet, by component name. */
const MANTINE_SHEET = /[\\/]@mantine[\\/]core[\\/]styles[\\/](\w+)\.css$/;
const CORE_STYLES_DIR = /^.*[\\/]node_modules[\\/]@mantine[\\/]core[\\/]styles(?=[\\/])/;
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const shellPublicModules = new Set<string>();
const publicOnlyModules = new Set<string>();
const NODE_MODULES = /[\\/]node_modules[\\/]/;

function shellChunk(): Plugin {
  return {
    name: 'csp:shell-chunk',
    apply: 'build',
    async buildEnd() {
      shellModules.clear();
      shellStyleModules.clear();
      shellPublicModules.clear();
      publicOnlyModules.clear();
      const ids = [...this.getModuleIds()];
      // Each call crosses into the bundler and copies the module's data: asked once per module.
      const infos = new Map<string, ModuleInfo | null>();
      const infoOf = (id: string) => {
        if (!infos.has(id)) infos.set(id, this.getModuleInfo(id));
        return infos.get(id) ?? null;
      };
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(infoOf(id)?.importedIds ?? []));
        }
        return seen;
      };
      const initial = closure(ids.filter((id) => infoOf(id)?.isEntry));
      const roots = ids.filter((id) => SHELL_ROOTS.some((r) => id.endsWith(r)));
      const shellClosure = closure(roots);
      // The app's modules the public pages (the sign-in page among them) share with the layout and the
      // dashboard go to the 'public' chunk, which both load (below).
      const publicRoots = ids.filter((id) => PUBLIC_ROOTS.some((r) => id.endsWith(r)));
      const publicClosure = closure(publicRoots);
      for (const id of shellClosure) {
        if (initial.has(id) || roots.includes(id) || NODE_MODULES.test(id)) continue;
        (publicClosure.has(id) ? shellPublicModules : shellModules).add(id);
      }

      // The first signed-in page's styles: mantine-styles-shell.ts, the sheets it imports, and the CSS
      // modules of the layout and the dashboard ('shell-styles' chunk; the other pages' are 'styles').
      const shellSheets = ids.find((id) => id.endsWith(SHELL_STYLES));
      if (!shellSheets) throw new Error(`no module ${SHELL_STYLES}`);
      shellStyleModules.add(shellSheets);
      for (const id of infoOf(shellSheets)?.importedIds ?? []) shellStyleModules.add(id);
      for (const id of shellClosure) if (!initial.has(id) && CSS_MODULE.test(id)) shellStyleModules.add(id);
      // Every Mantine component the layout and the dashboard render has its style sheet in the entry's
      // (main.tsx) or in mantine-styles-shell.ts: the others' come only with the other pages.
      const sheetOf = (id: string) => MANTINE_SHEET.exec(id)?.[1];
      const styled = new Set(
        [...initial, ...(infoOf(shellSheets)?.importedIds ?? [])].map(sheetOf).filter(Boolean),
      );
      const coreStyles = ids.map((id) => CORE_STYLES_DIR.exec(id)?.[0]).find(Boolean);
      for (const id of shellClosure) {
        if (NODE_MODULES.test(id) || !coreStyles) continue;
        const names = importsOf(infoOf(id)?.code ?? '').get('@mantine/core');
        for (const name of names === '*' || !names ? [] : names) {
          if (styled.has(name) || !(await exists(path.join(coreStyles, `${name}.css`)))) continue;
          throw new Error(
            `${path.relative(process.cwd(), id)} renders ${name}: add '@mantine/core/styles/${name}.css' to src/app/mantine-styles-shell.ts`,
          );
        }
      }

      // Libraries: the modules reached through the names actually imported.
      // A specifier is matched against the module's own imports (this.resolve only when that is unclear).
      const resolve = async (spec: string, importer: string) => {
        const imported = infoOf(importer)?.importedIds ?? [];
        if (spec.startsWith('.')) {
          const target = path.resolve(path.dirname(importer), spec);
          if (imported.includes(target)) return target;
        } else {
          const name = spec
            .split('/')
            .slice(0, spec.startsWith('@') ? 2 : 1)
            .join('/');
          const inPackage = imported.filter((id) => id.includes(`/node_modules/${name}/`));
          if (inPackage.length === 1) return inPackage[0];
        }
        return (await this.resolve(spec, importer))?.id ?? null;
      };
      const barrels = new Map<string, ReturnType<typeof barrelOf>>();
      const libraries = async (from: string[]) => {
        const found = new Set<string>();
        const visited = new Set<string>();
        const visit = async (id: string, names: Set<string> | '*'): Promise<void> => {
          const info = infoOf(id);
          if (!info?.code) return;
          if (!barrels.has(id)) barrels.set(id, NODE_MODULES.test(id) ? barrelOf(info.code) : null);
          const barrel = barrels.get(id);
          if (barrel) {
            const edges: [string, Set<string> | '*'][] = [];
            for (const spec of barrel.sideEffects) edges.push([spec, '*']);
            const take = (name: string) => {
              const from = barrel.named.get(name);
              if (from) edges.push([from.spec, from.name === '*' ? '*' : new Set([from.name])]);
              else for (const spec of barrel.stars) edges.push([spec, new Set([name])]);
            };
            if (names === '*') {
              for (const name of barrel.named.keys()) take(name);
              for (const spec of barrel.stars) edges.push([spec, '*']);
            } else for (const name of names) take(name);
            for (const [spec, forwarded] of edges) {
              const key = `${id}\0${spec}\0${forwarded === '*' ? '*' : [...forwarded].join()}`;
              if (visited.has(key)) continue;
              visited.add(key);
              const target = await resolve(spec, id);
              if (target) await visit(target, forwarded);
            }
            return;
          }
          // A library module imported for no name (Mantine's components import their siblings so) is
          // left out by the bundler unless it has side effects; style sheets have.
          if (names !== '*' && names.size === 0 && NODE_MODULES.test(id) && !id.endsWith('.css')) return;
          if (visited.has(id)) return;
          visited.add(id);
          if (NODE_MODULES.test(id)) found.add(id);
          const byId = new Map<string, Set<string> | '*'>();
          for (const [spec, imported] of importsOf(info.code)) {
            const target = await resolve(spec, id);
            if (target) byId.set(target, imported);
          }
          for (const imported of info.importedIds) await visit(imported, byId.get(imported) ?? '*');
        };
        for (const root of from) await visit(root, '*');
        return found;
      };
      // The libraries of the public pages (sign-in, register, forgot password) beyond the entry's: those
      // the shell shares with them go to a chunk of their own ('public', loaded by both: the public pages
      // do not load the shell), the others to another ('auth': the first signed-in page does not load the
      // forms' libraries of the sign-in page).
      const publicLibraries = await libraries(publicRoots);
      const shellLibraries = await libraries(roots);
      for (const id of publicLibraries)
        (shellLibraries.has(id) ? shellPublicModules : publicOnlyModules).add(id);
      for (const id of shellLibraries) if (!publicLibraries.has(id)) shellModules.add(id);
    },
  };
}

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

export default defineConfig({
  plugins: [react(), shellChunk(), preloadSignedIn(), prerenderLogin(), precompress()],
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
            // The forms' validation (the contracts' schemas, loaded with the pages that validate, and by
            // the sign-in page after its first paint): a chunk of its own, so that the pages that share
            // other libraries with those (the protected layout with the register page) do not load it.
            { name: 'zod', test: /node_modules[\\/](zod|mantine-form-zod-resolver)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // The first signed-in page's styles beyond the entry's (src/app/mantine-styles-shell.ts), then
            // the layout's and the dashboard's CSS modules (see shellChunk).
            {
              name: 'shell-styles',
              test: (id) => shellStyleModules.has(id),
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
            // What the protected layout and the dashboard need beyond the entry (see shellChunk).
            // The set is closed under static imports apart from the entry's modules, so the group needs
            // none of its dependencies pulled in (that would move entry modules out of the entry).
            { name: 'shell', test: (id) => shellModules.has(id), includeDependenciesRecursively: false },
            {
              name: 'public',
              test: (id) => shellPublicModules.has(id),
              includeDependenciesRecursively: false,
            },
            {
              name: 'auth',
              test: (id) => publicOnlyModules.has(id),
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
