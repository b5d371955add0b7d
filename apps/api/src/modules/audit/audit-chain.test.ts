import { rm } from 'node:fs/promises';
import type { AuditChainCheck } from '@csp/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.ts';
import {
  createTestApp,
  expectError,
  onPostgres,
  seedUser,
  type SeededUser,
  type TestContext,
} from '../../test/setup.ts';

// The trail's TRUNCATE guard and hash chain (issue 45, point 6; migration 0032). Each describe has a
// database of its own: the tampering ones leave theirs broken.

let t: TestContext;
let admin: SeededUser;
let teacher: SeededUser;
let seq = 0;

const rows = async <T>(query: SQL): Promise<T[]> =>
  ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The error a statement fails with, or undefined when it succeeds. */
const failure = async (query: SQL): Promise<Error | undefined> => {
  try {
    await t.app.db.execute(query);
    return undefined;
  } catch (err) {
    return err as Error;
  }
};

const messageOf = (err: Error | undefined) =>
  `${err?.message ?? ''} ${(err?.cause as Error | undefined)?.message ?? ''}`;

const check = async (as: SeededUser = admin) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/audit/chain', headers: as.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AuditChainCheck;
};

/** One audited write through the API: a student created by the administrator. */
const createStudent = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/students',
    headers: admin.auth,
    payload: {
      studentId: `CH-${Date.now()}-${++seq}`,
      firstName: 'Chain',
      lastName: `Link${seq}`,
      dateOfBirth: '2021-05-01',
      category: 'CENTER_BASE',
      parentName: 'Parent',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};

const counts = async () =>
  (
    await rows<{ events: number; links: number; last: number }>(sql`select
      (select count(*) from audit_events)::int as events,
      (select count(*) from audit_chain)::int as links,
      coalesce((select max(seq) from audit_chain), 0)::int as last`)
  )[0];

/** As the database's owner: the trail's own triggers off for one statement (what the app cannot do). */
const asOwnerWithoutTriggers = async (statement: SQL) => {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
};

const openApp = async () => {
  t = await createTestApp();
  admin = await seedUser(t.app, { role: 'ADMIN' });
  teacher = await seedUser(t.app, { role: 'TEACHER' });
};
const closeApp = async () => {
  await t.close();
  await rm(t.config.dataDir, { recursive: true, force: true });
};

describe('the trail cannot be emptied', () => {
  beforeAll(openApp);
  afterAll(closeApp);

  it('TRUNCATE of audit_events or audit_chain fails, CASCADE too, and every row stays', async () => {
    await createStudent();
    await createStudent();
    const before = await counts();
    expect(before.events).toBeGreaterThanOrEqual(2);
    // Alone, audit_events is also held by the chain's foreign key; with the chain, or CASCADE, only the
    // guard stops it.
    expect(messageOf(await failure(sql`truncate audit_events`))).toMatch(
      /append-only|referenced in a foreign key/,
    );
    for (const statement of [
      sql`truncate audit_events cascade`,
      sql`truncate audit_events, audit_chain`,
      sql`truncate audit_chain`,
    ]) {
      const err = await failure(statement);
      expect(messageOf(err)).toMatch(/audit_(events|chain) is append-only/);
    }
    expect(await counts()).toEqual(before);
  });

  it('the chain refuses UPDATE and DELETE, like the trail', async () => {
    await createStudent();
    expect(messageOf(await failure(sql`update audit_chain set hash = prev_hash`))).toMatch(
      /audit_chain is append-only/,
    );
    expect(messageOf(await failure(sql`delete from audit_chain`))).toMatch(/audit_chain is append-only/);
    expect(messageOf(await failure(sql`delete from audit_events`))).toMatch(/append-only/);
    expect((await check()).ok).toBe(true);
  });
});

describe('the chain', () => {
  beforeAll(openApp);
  afterAll(closeApp);

  it('links every entry to the one before, in order, without gaps', async () => {
    for (let i = 0; i < 12; i++) await createStudent();
    const { events, links, last } = await counts();
    expect(links).toBe(events);
    expect(last).toBe(events);
    const chain = await rows<{ seq: number; prev: string; hash: string }>(
      sql`select seq::int, encode(prev_hash, 'hex') as prev, encode(hash, 'hex') as hash from audit_chain order by seq`,
    );
    expect(chain[0].prev).toBe('00'.repeat(32));
    chain.slice(1).forEach((link, i) => expect(link.prev).toBe(chain[i].hash));
    expect(new Set(chain.map((c) => c.hash)).size).toBe(chain.length);
    // Each hash is sha256(prev_hash || the event's canonical text), recomputable from the event alone.
    const [first] = await rows<{ ok: boolean }>(sql`select c.hash = sha256(c.prev_hash ||
      convert_to(audit_event_text(e), 'UTF8')) as ok
      from audit_chain c join audit_events e on e.id = c.event_id where c.seq = 1`);
    expect(first.ok).toBe(true);
  });

  it('an entry written alone (a failed sign-in, outside any transaction) is chained too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: teacher.email, password: 'not-the-one' },
    });
    expect(res.statusCode).toBe(401);
    const { events, links } = await counts();
    expect(links).toBe(events);
  });

  it('a write that is rolled back leaves neither an entry nor a link', async () => {
    const before = await counts();
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`insert into audit_events (action, entity) values ('create', 'student')`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await counts()).toEqual(before);
    await createStudent();
    const after = await counts();
    expect(after.last).toBe(before.last + 1);
    expect((await check()).ok).toBe(true);
  });

  it('GET /api/audit/chain: whole, every entry checked, for administrators only', async () => {
    const { events } = await counts();
    expect(await check()).toEqual({ ok: true, entries: events, checked: events, unchained: 0 });
    expectError(await t.app.inject({ method: 'GET', url: '/api/audit/chain', headers: teacher.auth }), 403);
    expectError(await t.app.inject({ method: 'GET', url: '/api/audit/chain' }), 401);
  });

  it('checks a batch at a time, each link against the last of the batch before', async () => {
    const { events } = await counts();
    for (const batch of [1, 2, 3, 5, events - 1, events, events + 1]) {
      expect(
        await t.app.services.audit.checkChain(admin as unknown as Actor, batch),
        `batch ${batch}`,
      ).toEqual({
        ok: true,
        entries: events,
        checked: events,
        unchained: 0,
      });
    }
  });

  it('an empty trail is whole', async () => {
    const other = await createTestApp();
    try {
      const [row] = (
        (await other.app.db.execute(sql`select count(*)::int as n from audit_events`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
      expect(row.n).toBe(0);
      const result = await other.app.services.audit.checkChain({
        id: admin.id,
        role: 'ADMIN',
      } as unknown as Actor);
      expect(result).toEqual({ ok: true, entries: 0, checked: 0, unchained: 0 });
    } finally {
      await other.close();
    }
  });
});

describe('tampering, as the database owner with the triggers off', () => {
  beforeEach(async () => {
    await openApp();
    for (let i = 0; i < 8; i++) await createStudent();
    expect((await check()).ok).toBe(true);
  });
  afterEach(closeApp);

  /** The link and event at `n` in the chain. */
  const link = async (n: number) =>
    (
      await rows<{ seq: number; eventId: string; at: string }>(sql`select c.seq::int, e.id as "eventId",
        to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from audit_chain c join audit_events e on e.id = c.event_id where c.seq = ${n}`)
    )[0];

  it('an entry changed: the first broken link is that entry', async () => {
    const target = await link(5);
    const { events } = await counts();
    await asOwnerWithoutTriggers(
      sql`update audit_events set changes = changes || '{"firstName":"Forged"}' where id = ${target.eventId}`,
    );
    // Whatever batch size: the same first broken link, at the start, middle or end of a batch.
    for (const batch of [2, 4, 5, 100]) {
      const result = await t.app.services.audit.checkChain(admin as unknown as Actor, batch);
      expect(result, `batch ${batch}`).toEqual({
        ok: false,
        entries: events,
        checked: 4,
        firstBroken: { seq: 5, eventId: target.eventId, at: expect.any(String), fault: 'changed' },
        unchained: 0,
      });
      // The entry's time (to the millisecond: the database keeps microseconds).
      expect(Math.abs(Date.parse(result.firstBroken!.at!) - Date.parse(target.at))).toBeLessThanOrEqual(1);
    }
  });

  it('an entry whose time or actor was changed breaks its link too', async () => {
    const target = await link(3);
    await asOwnerWithoutTriggers(
      sql`update audit_events set at = at - interval '1 day' where id = ${target.eventId}`,
    );
    expect((await check()).firstBroken).toMatchObject({ seq: 3, fault: 'changed' });
  });

  it('an entry removed with its link: the next link no longer follows on', async () => {
    const target = await link(4);
    const next = await link(5);
    await asOwnerWithoutTriggers(sql`delete from audit_chain where seq = 4`);
    await asOwnerWithoutTriggers(sql`delete from audit_events where id = ${target.eventId}`);
    const result = await check();
    expect(result).toMatchObject({
      ok: false,
      checked: 3,
      firstBroken: { seq: 5, eventId: next.eventId, fault: 'unlinked' },
    });
  });

  it('an entry removed, its link kept: that link is reported, its entry gone', async () => {
    const target = await link(2);
    await asOwnerWithoutTriggers(sql`delete from audit_events where id = ${target.eventId}`);
    expect((await check()).firstBroken).toEqual({
      seq: 2,
      eventId: target.eventId,
      at: null,
      fault: 'removed',
    });
  });

  it('a link rewritten to fit a changed entry: the link after it does not follow on', async () => {
    const target = await link(6);
    await asOwnerWithoutTriggers(
      sql`update audit_events set changes = '{"firstName":"Forged"}' where id = ${target.eventId}`,
    );
    await asOwnerWithoutTriggers(sql`update audit_chain c set hash = audit_chain_hash(c.prev_hash, e)
      from audit_events e where e.id = c.event_id and c.seq = 6`);
    expect((await check()).firstBroken).toMatchObject({ seq: 7, fault: 'unlinked' });
  });

  it('an entry slipped in with the chain trigger disabled: counted, the oldest named', async () => {
    await t.app.db.execute(sql`alter table audit_events disable trigger audit_events_chain`);
    const [slipped] = await rows<{ id: string }>(sql`insert into audit_events (at, action, entity, changes)
      values (now() - interval '1 hour', 'delete', 'student', '{}') returning id`);
    await t.app.db.execute(sql`alter table audit_events enable trigger audit_events_chain`);
    const { events } = await counts();
    const result = await check();
    expect(result).toMatchObject({
      ok: false,
      entries: events,
      checked: events - 1,
      unchained: 1,
      firstUnchained: { eventId: slipped.id },
    });
    expect(result.firstBroken).toBeUndefined();
  });

  it('the last links removed with their entries cannot be told from a shorter trail', async () => {
    // A limit of any chain kept beside what it protects (decision 0032): the tail's head is not kept
    // elsewhere. Removing only the last link leaves its entry unchained, which shows.
    await asOwnerWithoutTriggers(sql`delete from audit_chain where seq = (select max(seq) from audit_chain)`);
    expect(await check()).toMatchObject({ ok: false, unchained: 1 });
  });
});

describe.runIf(onPostgres)('the chain under concurrent writes (PostgreSQL)', () => {
  beforeAll(openApp);
  afterAll(closeApp);

  it('20 audited writes at once: every one chained, seq without gaps, the chain whole', async () => {
    await createStudent();
    const before = await counts();
    await Promise.all(Array.from({ length: 20 }, () => createStudent()));
    const after = await counts();
    expect(after.events).toBe(before.events + 20);
    expect(after.links).toBe(after.events);
    expect(after.last).toBe(after.events);
    expect(await check()).toEqual({
      ok: true,
      entries: after.events,
      checked: after.events,
      unchained: 0,
    });
  });

  it('concurrent edits of one student all land, each chained', async () => {
    // Each holds the student's row lock to its commit and takes the chain's lock only then.
    const { id } = await createStudent();
    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/students/${id}`,
          headers: admin.auth,
          payload: { parentName: `Parent ${i}` },
        }),
      ),
    );
    expect(edits.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await check()).ok).toBe(true);
  });
});
