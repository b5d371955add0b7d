/**
 * `npm run web:size [distDir]`: what the browser downloads on a first visit to /login and to /dashboard —
 * the JS and CSS of the entry plus the lazy chunks each path loads at once — raw, brotli (quality
 * 11) and gzip (level 9), as a markdown table. It reads the Vite manifest (`build.manifest: true`) of
 * distDir; without a distDir it builds the web app into a temporary folder first.
 *
 * It also lists any chart (recharts, @mantine/charts) or map (leaflet) module found in those files
 * (from their source maps): the first load should have none.
 *
 * `webFirstLoadSizes(distDir)` returns the same figures (scripts/bench.ts can print them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The route modules each path renders at once, beyond the entry (the manifest keys of lazy chunks). A
 * module that is not a lazy chunk in this build is simply part of the entry, and is skipped here.
 */
export const FIRST_LOAD_ROUTES: Record<string, string[]> = {
  '/login': ['src/features/auth/pages/LoginPage.tsx'],
  '/dashboard': [
    'src/app/shell/AppLayout.tsx',
    'src/features/dashboard/pages/DashboardPage.tsx',
    'src/features/growth/ChildrenAtRiskPanel.tsx',
  ],
};

export interface SizeTriple {
  raw: number;
  brotli: number;
  gzip: number;
}

export interface RouteFirstLoad {
  route: string;
  /** The files, relative to distDir (JS and CSS). */
  files: string[];
  js: SizeTriple;
  css: SizeTriple;
  total: SizeTriple;
  /** recharts, @mantine/charts or leaflet modules in those files (should be empty). */
  chartOrMapModules: string[];
}

const CHART_OR_MAP = /node_modules[\\/](recharts|@mantine[\\/]charts|leaflet|react-leaflet)[\\/]/;

function sizesOf(buffer: Buffer): SizeTriple {
  return {
    raw: buffer.length,
    brotli: brotliCompressSync(buffer, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }).length,
    gzip: gzipSync(buffer, { level: 9 }).length,
  };
}

const add = (a: SizeTriple, b: SizeTriple): SizeTriple => ({
  raw: a.raw + b.raw,
  brotli: a.brotli + b.brotli,
  gzip: a.gzip + b.gzip,
});
const zero = (): SizeTriple => ({ raw: 0, brotli: 0, gzip: 0 });

function readManifest(distDir: string): Manifest {
  for (const candidate of ['.vite/manifest.json', 'manifest.json']) {
    const file = path.join(distDir, candidate);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  }
  throw new Error(
    `${distDir} has no Vite manifest (.vite/manifest.json): build with build.manifest (or vite build --manifest)`,
  );
}

/** A chunk's file, its CSS and those of every chunk it imports statically (what loads with it). */
function closure(manifest: Manifest, key: string, files: Set<string>, seen = new Set<string>()) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files, seen);
}

function chartOrMapModulesIn(distDir: string, file: string): string[] {
  const map = path.join(distDir, `${file}.map`);
  if (!file.endsWith('.js') || !existsSync(map)) return [];
  const { sources = [] } = JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] };
  return sources.filter((s) => CHART_OR_MAP.test(s));
}

/** The first-load figures of /login and /dashboard in a built distDir (with a Vite manifest). */
export function webFirstLoadSizes(distDir: string): RouteFirstLoad[] {
  const manifest = readManifest(distDir);
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry chunk');
  const cache = new Map<string, SizeTriple>();
  const sizeOf = (file: string) => {
    let sizes = cache.get(file);
    if (!sizes) {
      sizes = sizesOf(readFileSync(path.join(distDir, file)));
      cache.set(file, sizes);
    }
    return sizes;
  };

  return Object.entries(FIRST_LOAD_ROUTES).map(([route, modules]) => {
    const files = new Set<string>();
    closure(manifest, entry, files);
    for (const m of modules) {
      const key = Object.keys(manifest).find((k) => k === m || k.endsWith(`/${m}`) || manifest[k].src === m);
      if (key && manifest[key].isDynamicEntry) closure(manifest, key, files);
    }
    let js = zero();
    let css = zero();
    const chartOrMapModules = new Set<string>();
    for (const file of files) {
      if (file.endsWith('.css')) css = add(css, sizeOf(file));
      else if (file.endsWith('.js')) {
        js = add(js, sizeOf(file));
        for (const m of chartOrMapModulesIn(distDir, file)) chartOrMapModules.add(m);
      }
    }
    return {
      route,
      files: [...files].sort(),
      js,
      css,
      total: add(js, css),
      chartOrMapModules: [...chartOrMapModules].sort(),
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The figures as a markdown table (sizes in KiB, 1 KB = 1,024 bytes). */
export function formatWebFirstLoad(rows: RouteFirstLoad[]): string {
  const lines = [
    '| first load | files | JS raw | JS brotli | JS gzip | CSS raw | CSS brotli | CSS gzip | total brotli | total gzip |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.route} | ${r.files.length} | ${kb(r.js.raw)} | ${kb(r.js.brotli)} | ${kb(r.js.gzip)} | ${kb(r.css.raw)} | ${kb(r.css.brotli)} | ${kb(r.css.gzip)} | ${kb(r.total.brotli)} | ${kb(r.total.gzip)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The HTML document the server sends for a path (apps/api/src/app.ts): /login gets login.html, the
 * sign-in page prerendered by the build, when there is one; every other path index.html. Not counted in
 * the table above (JS and CSS), so that its figures compare with earlier builds'.
 */
export function firstLoadDocument(distDir: string, route: string): { file: string; size: SizeTriple } {
  const file =
    route === '/login' && existsSync(path.join(distDir, 'login.html')) ? 'login.html' : 'index.html';
  return { file, size: sizesOf(readFileSync(path.join(distDir, file))) };
}

const root = path.resolve(import.meta.dirname, '..');

/** Builds the web app into outDir (the same command the e2e and Lighthouse runs use). */
export function buildWeb(outDir: string): void {
  const result = spawnSync(
    'npx',
    ['vite', 'build', 'apps/web', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let distDir = process.argv[2];
  let temporary: string | undefined;
  if (!distDir) {
    temporary = mkdtempSync(path.join(os.tmpdir(), 'web-size-'));
    distDir = path.join(temporary, 'dist');
    console.log(`Building the web app into ${distDir} …`);
    buildWeb(distDir);
  }
  try {
    const rows = webFirstLoadSizes(path.resolve(distDir));
    console.log(`\nFirst load (JS + CSS) of ${distDir}:\n`);
    console.log(formatWebFirstLoad(rows));
    for (const r of rows) {
      const doc = firstLoadDocument(path.resolve(distDir), r.route);
      console.log(`\n${r.route}: ${r.files.join(', ')}`);
      console.log(
        `  document: ${doc.file}, ${kb(doc.size.raw)} raw, ${kb(doc.size.brotli)} brotli, ${kb(doc.size.gzip)} gzip`,
      );
      if (r.chartOrMapModules.length > 0) {
        console.log(
          `  chart or map code: ${r.chartOrMapModules.length} modules, e.g. ${r.chartOrMapModules[0]}`,
        );
      } else console.log('  no chart or map code');
    }
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}
