/**
 * `npm run new:resource <name>`: writes the five files of a new resource in the house style, a
 * contract (packages/contracts/src/<name>.ts) and the API module's repository, service, routes and
 * tests (apps/api/src/modules/<name>/), for a record a teacher keeps and an administrator reads: the
 * teacher's scope in the query itself, role checks first, one zod contract for both sides, SQL only in
 * the repository, the service given its dependencies (decision 0034). It then prints the lines to add
 * by hand where the app is wired (the table, the contracts index, the composition root, the routes).
 *
 * `<name>` is the plural, in lower case with hyphens: `school-terms`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

export interface ResourceNames {
  /** school-terms: folders, files and the address. */
  kebab: string;
  /** schoolTerms: the table and the service on app.services. */
  camel: string;
  /** SchoolTerm: one record's type. */
  pascal: string;
  /** schoolTerm: one record's variable. */
  single: string;
  /** SCHOOL_TERM: the messages' constant. */
  upper: string;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*s$/;

export function resourceNames(kebab: string): ResourceNames {
  if (!NAME.test(kebab)) {
    throw new Error(
      `"${kebab}" is not a resource name: a plural in lower case with hyphens, e.g. school-terms`,
    );
  }
  const words = kebab.split('-');
  const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
  const singularWords = [...words.slice(0, -1), words[words.length - 1].replace(/s$/, '')];
  return {
    kebab,
    camel: words[0] + words.slice(1).map(cap).join(''),
    pascal: singularWords.map(cap).join(''),
    single: singularWords[0] + singularWords.slice(1).map(cap).join(''),
    upper: singularWords.join('_').toUpperCase(),
  };
}

function contract(n: ResourceNames): string {
  return `import { z } from 'zod';
import { isIsoDate } from './dates.ts';

/** What the ${n.kebab} screens and answers say (the spec's words, letter for letter). */
export const ${n.upper}_MESSAGES = {
  notFound: '${n.pascal} not found.',
  titleRequired: 'Please enter a title',
  dateRequired: 'Please select a date',
  dateInvalid: 'Date must be a date (YYYY-MM-DD)',
  onlyTeachersRecord: 'Only teachers can record ${n.kebab.replace(/-/g, ' ')}',
  created: '${n.pascal} created successfully!',
  updated: '${n.pascal} updated successfully!',
} as const;

const M = ${n.upper}_MESSAGES;

const title = z.string({ message: M.titleRequired }).trim().min(1, { message: M.titleRequired }).max(200);
const date = z
  .string({ message: M.dateRequired })
  .min(1, { message: M.dateRequired })
  .refine(isIsoDate, { message: M.dateInvalid });

export const ${n.single}Schema = z.object({
  id: z.uuid(),
  teacherId: z.uuid(),
  title: z.string(),
  date: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ${n.pascal} = z.infer<typeof ${n.single}Schema>;

export const create${n.pascal}BodySchema = z.strictObject({
  title,
  date,
  notes: z.string().trim().max(2000).optional(),
});
export type Create${n.pascal}Body = z.input<typeof create${n.pascal}BodySchema>;

export const update${n.pascal}BodySchema = create${n.pascal}BodySchema.partial();
export type Update${n.pascal}Body = z.input<typeof update${n.pascal}BodySchema>;

export const ${n.single}ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ${n.pascal}ListQuery = z.output<typeof ${n.single}ListQuerySchema>;
`;
}

function repo(n: ResourceNames): string {
  return `import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ${n.camel} } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Page } from '../../lib/paging.ts';

export type ${n.pascal}Row = typeof ${n.camel}.$inferSelect;

/** A teacher sees their own records only; the condition is part of every query, reads and writes alike. */
function inScope(actor: Actor): SQL | undefined {
  return actor.role === 'TEACHER' ? eq(${n.camel}.teacherId, actor.id) : undefined;
}

/** Newest first; one page when asked for one. */
export async function list${n.pascal}s(db: DbOrTx, actor: Actor, page?: Page): Promise<${n.pascal}Row[]> {
  const q = db
    .select()
    .from(${n.camel})
    .where(inScope(actor))
    .orderBy(desc(${n.camel}.date), desc(${n.camel}.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export async function count${n.pascal}s(db: DbOrTx, actor: Actor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(${n.camel}).where(inScope(actor));
  return row.n;
}

export async function find${n.pascal}(db: DbOrTx, actor: Actor, id: string): Promise<${n.pascal}Row | undefined> {
  const [row] = await db
    .select()
    .from(${n.camel})
    .where(and(eq(${n.camel}.id, id), inScope(actor)));
  return row;
}

export async function insert${n.pascal}(db: DbOrTx, values: typeof ${n.camel}.$inferInsert): Promise<${n.pascal}Row> {
  const [row] = await db.insert(${n.camel}).values(values).returning();
  return row;
}

/** Changes the record only where the actor may: undefined when it is missing or not theirs. */
export async function update${n.pascal}(
  db: DbOrTx,
  actor: Actor,
  id: string,
  changes: Partial<typeof ${n.camel}.$inferInsert>,
): Promise<${n.pascal}Row | undefined> {
  const [row] = await db
    .update(${n.camel})
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(${n.camel}.id, id), inScope(actor)))
    .returning();
  return row;
}
`;
}

function service(n: ResourceNames): string {
  return `import {
  ${n.upper}_MESSAGES,
  type ${n.pascal},
  type ${n.pascal}ListQuery,
  type create${n.pascal}BodySchema,
  type update${n.pascal}BodySchema,
} from '@csp/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { requireRole } from '../../lib/permissions.ts';
import { bindDeps, realEffects, type AppDeps, type Effects } from '../../lib/service-deps.ts';
import * as ${n.camel}Repo from './${n.kebab}.repo.ts';

export type ${n.pascal}sRepo = typeof ${n.camel}Repo;
export type ${n.pascal}sDeps = Pick<AppDeps, 'db'> & Effects & { repo: ${n.pascal}sRepo };

const M = ${n.upper}_MESSAGES;

function toDto(row: ${n.camel}Repo.${n.pascal}Row): ${n.pascal} {
  return {
    id: row.id,
    teacherId: row.teacherId,
    title: row.title,
    date: row.date,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function list(deps: ${n.pascal}sDeps, actor: Actor, query: ${n.pascal}ListQuery) {
  const page = pageOf(query);
  const [rows, total] = await Promise.all([
    deps.repo.list${n.pascal}s(deps.db, actor, page),
    deps.repo.count${n.pascal}s(deps.db, actor),
  ]);
  return { items: rows.map(toDto), total };
}

async function get(deps: ${n.pascal}sDeps, actor: Actor, id: string): Promise<${n.pascal}> {
  const row = await deps.repo.find${n.pascal}(deps.db, actor, id);
  if (!row) throw notFound(M.notFound);
  return toDto(row);
}

async function create(
  deps: ${n.pascal}sDeps,
  actor: Actor,
  body: z.output<typeof create${n.pascal}BodySchema>,
): Promise<${n.pascal}> {
  requireRole(actor, ['TEACHER'], M.onlyTeachersRecord);
  const row = await deps.repo.insert${n.pascal}(deps.db, {
    teacherId: actor.id,
    title: body.title,
    date: body.date,
    notes: body.notes ?? null,
  });
  return toDto(row);
}

async function update(
  deps: ${n.pascal}sDeps,
  actor: Actor,
  id: string,
  body: z.output<typeof update${n.pascal}BodySchema>,
): Promise<${n.pascal}> {
  requireRole(actor, ['TEACHER']);
  const row = await deps.repo.update${n.pascal}(deps.db, actor, id, body);
  if (!row) throw notFound(M.notFound);
  return toDto(row);
}

/** The ${n.kebab} service (decision 0034): the app's handles in, the operations out. */
export function create${n.pascal}sService(
  deps: Pick<AppDeps, 'db'> & Partial<Effects> & { repo?: ${n.pascal}sRepo },
) {
  return bindDeps<${n.pascal}sDeps, {
    list: typeof list;
    get: typeof get;
    create: typeof create;
    update: typeof update;
  }>({ ...realEffects, repo: ${n.camel}Repo, ...deps }, { list, get, create, update });
}
`;
}

function routes(n: ResourceNames): string {
  return `import {
  create${n.pascal}BodySchema,
  errorSchema,
  idParamSchema,
  ${n.single}ListQuerySchema,
  ${n.single}Schema,
  update${n.pascal}BodySchema,
} from '@csp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPage } from '../../lib/paging.ts';
import { actorOf } from '../../plugins/auth.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['${n.kebab}'];

/** /api/${n.kebab} */
export async function ${n.camel}Routes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ${n.camel} } = app.services;
  r.addHook('onRequest', app.authenticate);

  r.get(
    '',
    {
      schema: {
        tags,
        summary: 'One page of ${n.kebab.replace(/-/g, ' ')} (a teacher: their own)',
        security,
        querystring: ${n.single}ListQuerySchema,
        response: { 200: z.array(${n.single}Schema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await ${n.camel}.list(actorOf(request), request.query)),
  );

  r.get(
    '/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: ${n.single}Schema, ...errors } } },
    async (request) => ${n.camel}.get(actorOf(request), request.params.id),
  );

  r.post(
    '',
    { schema: { tags, security, body: create${n.pascal}BodySchema, response: { 201: ${n.single}Schema, ...errors } } },
    async (request, reply) => reply.code(201).send(await ${n.camel}.create(actorOf(request), request.body)),
  );

  r.patch(
    '/:id',
    {
      schema: {
        tags,
        security,
        params: idParamSchema,
        body: update${n.pascal}BodySchema,
        response: { 200: ${n.single}Schema, ...errors },
      },
    },
    async (request) => ${n.camel}.update(actorOf(request), request.params.id, request.body),
  );
}
`;
}

function tests(n: ResourceNames): string {
  return `import { ${n.upper}_MESSAGES } from '@csp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, createStaffApp, type StaffApp } from '../../test/factories.ts';

const M = ${n.upper}_MESSAGES;

describe('/api/${n.kebab}', () => {
  let s: StaffApp;
  beforeAll(async () => {
    s = await createStaffApp();
  });
  afterAll(() => closeTestApp(s.t));

  const create = (auth: Record<string, string>, payload: object) =>
    s.t.app.inject({ method: 'POST', url: '/api/${n.kebab}', headers: auth, payload });

  it('refuses a caller without a session', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/${n.kebab}' });
    expect(res.statusCode).toBe(401);
  });

  it('lets a teacher record one; an administrator may not', async () => {
    const made = await create(s.teacher.auth, { title: 'First', date: '2026-01-05' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ title: 'First', teacherId: s.teacher.id });
    const refused = await create(s.admin.auth, { title: 'First', date: '2026-01-05' });
    expect(refused.statusCode).toBe(403);
  });

  it("hides a teacher's record from another teacher, as if it did not exist", async () => {
    const made = (await create(s.teacher.auth, { title: 'Mine', date: '2026-01-06' })).json();
    const res = await s.t.app.inject({
      method: 'GET',
      url: \`/api/${n.kebab}/\${made.id}\`,
      headers: s.otherTeacher.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: M.notFound });
  });

  it('answers a missing title with the form\\'s message', async () => {
    const res = await create(s.teacher.auth, { title: ' ', date: '2026-01-05' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(M.titleRequired);
  });
});
`;
}

/** The files of a new resource, by their path from the repository's root. */
export function resourceFiles(n: ResourceNames): Record<string, string> {
  const dir = `apps/api/src/modules/${n.kebab}`;
  return {
    [`packages/contracts/src/${n.kebab}.ts`]: contract(n),
    [`${dir}/${n.kebab}.repo.ts`]: repo(n),
    [`${dir}/${n.kebab}.service.ts`]: service(n),
    [`${dir}/${n.kebab}.routes.ts`]: routes(n),
    [`${dir}/${n.kebab}.test.ts`]: tests(n),
  };
}

/** What to wire by hand once the files are written. */
export function nextSteps(n: ResourceNames): string {
  return `Written. Now wire it:
  1. apps/api/src/db/schema.ts: the table,
       export const ${n.camel} = pgTable('${n.kebab.replace(/-/g, '_')}', {
         id: uuid('id').primaryKey().defaultRandom(),
         teacherId: uuid('teacher_id').notNull().references(() => users.id),
         title: text('title').notNull(),
         date: date('date', { mode: 'string' }).notNull(),
         notes: text('notes'),
         createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
         updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
       }, (t) => [index('${n.kebab.replace(/-/g, '_')}_teacher_date_idx').on(t.teacherId, t.date)]);
     then npm run db:generate for its migration.
  2. packages/contracts/src/index.ts: export * from './${n.kebab}.ts';
  3. apps/api/src/services.ts (buildServices): ${n.camel}: create${n.pascal}sService({ db }),
  4. apps/api/src/app.ts: await api.register(${n.camel}Routes, { prefix: '/${n.kebab}' });
  5. npx vitest run --project api:pglite apps/api/src/modules/${n.kebab}
`;
}

/**
 * Writes the files below `root`, formatted as the repository formats its code; refuses to overwrite
 * anything. Answers the paths written.
 */
export async function writeResource(root: string, kebab: string): Promise<string[]> {
  const names = resourceNames(kebab);
  const files = resourceFiles(names);
  const taken = Object.keys(files).filter((file) => existsSync(path.join(root, file)));
  if (taken.length) throw new Error(`Already there, nothing written: ${taken.join(', ')}`);
  const options = (await resolveConfig(path.join(import.meta.dirname, '..', 'package.json'))) ?? {};
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, await format(text, { ...options, filepath: target }));
  }
  return Object.keys(files);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kebab = process.argv[2];
  if (!kebab) {
    console.error('Usage: npm run new:resource <name>   (a plural in lower case with hyphens: school-terms)');
    process.exit(2);
  }
  try {
    const written = await writeResource(process.cwd(), kebab);
    console.log(written.map((file) => `  ${file}`).join('\n'));
    console.log(nextSteps(resourceNames(kebab)));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
