import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ChunkingContext } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';

/**
 * The chunks of a visit's first page, read from the bundler's module graph (`ctx.getModuleInfo`):
 * - 'shell': what the protected layout and the dashboard need beyond the entry, libraries included;
 * - 'public': what the public pages (sign-in, register, password reset) share with those two (both load it);
 * - 'auth': the libraries only the public pages use (the sign-in form's), which /dashboard does not load;
 * - 'shell-styles': mantine-styles-shell.ts, its sheets, and the layout's and the dashboard's CSS modules.
 */
export type FirstPageChunk = 'shell' | 'public' | 'auth' | 'shell-styles';

interface Roots {
  /** index.html */
  entry: string;
  shell: string[];
  public: string[];
  shellStyles: string;
}

type Names = Set<string> | '*';
interface Module {
  /** Each module it imports, with the names it takes ('*': all). */
  imports: [target: string, names: Names][];
  /** A module that only re-exports (a library's index): where each name it exports comes from. */
  index: { named: Map<string, [target: string, name: string]>; stars: string[] } | null;
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;
const CSS_MODULE = /\.module\.css$/;
const MANTINE_CORE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/;
const MANTINE_SHEET = /[\\/]@mantine[\\/]core[\\/]styles[\\/](\w+)\.css$/;

/**
 * The one thing the graph does not tell: which names a module imports. It links a library's index to
 * every component the app uses anywhere, so `import { Menu } from '@mantine/core'` must be followed by
 * name to take the Menu modules only. Read with the bundler's parser; a module's distinct import sources
 * are, in order, the first of its `importedIds` (the build appends its own, e.g. the preload helper, and
 * a CommonJS module's require() are no import statements: those edges take everything).
 */
function read(ctx: ChunkingContext, id: string): Module | null {
  const info = ctx.getModuleInfo(id);
  if (info?.code == null) return null;
  const sources: string[] = [];
  const names: Names[] = [];
  const named = new Map<string, [number, string]>();
  const locals = new Map<string, [number, string]>();
  const stars: number[] = [];
  let onlyReexports = true;
  const at = (source: string) => {
    if (!sources.includes(source)) names[sources.push(source) - 1] = new Set();
    return sources.indexOf(source);
  };
  const take = (i: number, name: string) => {
    const taken = names[i];
    if (name === '*') names[i] = '*';
    else if (taken !== '*') taken.add(name);
  };
  const nameOf = (n: { name: string } | { value: string }) => ('name' in n ? n.name : n.value);
  for (const s of parseAst(info.code).body) {
    if (s.type === 'ImportDeclaration') {
      const i = at(s.source.value);
      for (const sp of s.specifiers) {
        const name =
          sp.type === 'ImportSpecifier'
            ? nameOf(sp.imported)
            : sp.type === 'ImportDefaultSpecifier'
              ? 'default'
              : '*';
        take(i, name);
        locals.set(sp.local.name, [i, name]);
      }
    } else if (s.type === 'ExportAllDeclaration') {
      const i = at(s.source.value);
      take(i, '*');
      if (s.exported) named.set(nameOf(s.exported), [i, '*']);
      else stars.push(i);
    } else if (s.type === 'ExportNamedDeclaration' && !s.declaration) {
      for (const sp of s.specifiers) {
        const from = s.source
          ? ([at(s.source.value), nameOf(sp.local)] as [number, string])
          : locals.get(nameOf(sp.local));
        if (s.source && from) take(...from);
        if (from) named.set(nameOf(sp.exported), from);
        else onlyReexports = false;
      }
    } else if (!('directive' in s)) onlyReexports = false;
  }
  const ids = info.importedIds;
  const aligned = sources.every(
    (source, i) =>
      ids[i] &&
      (!source.startsWith('.') ||
        ids[i].startsWith(path.resolve(path.dirname(id), source).replace(/\.\w+$/, ''))),
  );
  const isIndex = onlyReexports && aligned && sources.length > 0 && sources.length === ids.length;
  return {
    imports: ids.map((target, i) => [target, aligned && i < sources.length ? names[i] : '*']),
    index: isIndex
      ? {
          named: new Map([...named].map(([k, [i, name]]) => [k, [ids[i], name]])),
          stars: stars.map((i) => ids[i]),
        }
      : null,
  };
}

/** The modules `roots` import statically, through a library's index only by the names taken. */
function reach(ctx: ChunkingContext, modules: (id: string) => Module | null, roots: string[]) {
  const reached = new Set<string>();
  const throughIndex = new Map<string, Set<string>>();
  const visit = (id: string, names: Names, fromLibrary: boolean): void => {
    const module = modules(id);
    if (!module) return;
    if (module.index && names !== '*') {
      const done = throughIndex.get(id) ?? new Set<string>();
      throughIndex.set(id, done);
      for (const name of [...names].filter((n) => !done.has(n))) {
        done.add(name);
        const from = module.index.named.get(name);
        if (from) visit(from[0], from[1] === '*' ? '*' : new Set([from[1]]), true);
        else
          for (const star of module.index.stars)
            if (ctx.getModuleInfo(star)?.exports.includes(name)) visit(star, new Set([name]), true);
      }
      return;
    }
    // A library module imported for no name (Mantine's components import siblings so) is left out by
    // the bundler unless it has side effects; style sheets have.
    if (names !== '*' && names.size === 0 && fromLibrary && !id.endsWith('.css')) return;
    if (reached.has(id)) return;
    reached.add(id);
    for (const [target, taken] of module.imports) visit(target, taken, NODE_MODULES.test(id));
  };
  for (const root of roots) visit(root, '*', false);
  return reached;
}

function plan(ctx: ChunkingContext, roots: Roots) {
  for (const root of [roots.entry, ...roots.shell, ...roots.public, roots.shellStyles])
    if (!ctx.getModuleInfo(root)) throw new Error(`no module ${root}`);
  const read_ = new Map<string, Module | null>();
  const modules = (id: string) => {
    if (!read_.has(id)) read_.set(id, read(ctx, id));
    return read_.get(id) ?? null;
  };
  const initial = reach(ctx, modules, [roots.entry]);
  const shell = reach(ctx, modules, roots.shell);
  const pub = reach(ctx, modules, roots.public);
  const isRoot = (id: string) => roots.shell.includes(id) || roots.public.includes(id);
  const sheets = ctx.getModuleInfo(roots.shellStyles)?.importedIds ?? [];
  const chunks = new Map<string, FirstPageChunk>(
    [roots.shellStyles, ...sheets].map((id) => [id, 'shell-styles']),
  );
  for (const id of shell) {
    if (initial.has(id) || isRoot(id) || chunks.has(id)) continue;
    chunks.set(id, CSS_MODULE.test(id) ? 'shell-styles' : pub.has(id) ? 'public' : 'shell');
  }
  for (const id of pub)
    if (!initial.has(id) && !shell.has(id) && !isRoot(id) && NODE_MODULES.test(id)) chunks.set(id, 'auth');

  // A small library's index that a first page's module imports (react-style-singleton's, under the
  // modal's scroll lock) is followed by name above, so it is in no set; left to the lazy pages' library
  // chunks, it would make the first page's chunk import one of those, which imports the first page's
  // chunk back: a cycle whose order of evaluation breaks a page. With everything it re-exports already
  // in the first pages, it goes with the module that imports it.
  const firstPages = (dep: string) => initial.has(dep) || chunks.has(dep);
  for (const [id, chunk] of [...chunks]) {
    if (chunk === 'shell-styles') continue;
    for (const [target] of modules(id)?.imports ?? []) {
      if (initial.has(target) || chunks.has(target) || !modules(target)?.index) continue;
      if ((ctx.getModuleInfo(target)?.importedIds ?? []).every(firstPages)) chunks.set(target, chunk);
    }
  }

  // Every Mantine component the layout and the dashboard render needs its sheet in the entry's
  // (main.tsx) or in mantine-styles-shell.ts: the others' come only with the other pages.
  const styled = new Set([...initial, ...sheets].map((id) => MANTINE_SHEET.exec(id)?.[1]));
  const stylesDir = path.dirname([...initial].find((id) => MANTINE_SHEET.test(id)) ?? '');
  for (const id of shell) {
    if (initial.has(id) || NODE_MODULES.test(id)) continue;
    for (const [target, names] of modules(id)?.imports ?? []) {
      if (!MANTINE_CORE.test(target) || names === '*') continue;
      for (const name of names)
        if (!styled.has(name) && existsSync(path.join(stylesDir, `${name}.css`)))
          throw new Error(
            `${path.relative(process.cwd(), id)} renders ${name}: add '@mantine/core/styles/${name}.css' to src/app/mantine-styles-shell.ts`,
          );
    }
  }
  return chunks;
}

/** The first page's chunk of a module (null: none of them), computed once per chunking pass. */
export function firstPageChunks(roots: Roots) {
  const plans = new WeakMap<ChunkingContext, Map<string, FirstPageChunk>>();
  return (id: string, ctx: ChunkingContext): FirstPageChunk | null => {
    if (!plans.has(ctx)) plans.set(ctx, plan(ctx, roots));
    return plans.get(ctx)?.get(id) ?? null;
  };
}
