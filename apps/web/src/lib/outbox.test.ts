import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  deleteOutbox,
  enqueue,
  listItems,
  OutboxAnswer,
  outboxFor,
  recoverInterrupted,
  removeItem,
  replaceItem,
  retryDelayMs,
  sendDue,
  unsentCount,
  type NewOutboxItem,
  type OutboxFile,
  type OutboxItem,
  type OutboxTransport,
} from './outbox.ts';

/** A fresh IndexedDB per test: nothing leaks from one to the next. */
const open = (indexedDB = new IDBFactory(), user = 'tara') =>
  Object.assign(outboxFor(user, { indexedDB, IDBKeyRange }), { indexedDB });

const visit = (label: string, files: OutboxFile[] = []): NewOutboxItem => ({
  kind: 'home-visit',
  label,
  method: 'POST',
  path: '/home-visits',
  body: { studentId: label, notes: `Visit of ${label}` },
  files,
  filesField: 'photos',
});

const photo = (name: string): OutboxFile => ({
  name,
  blob: new Blob([name], { type: 'image/jpeg' }),
});

/**
 * A server that records what reaches it and answers as told: `refuse` a path's body with a 4xx,
 * `fail` the next n calls with a 5xx (or with no answer at all: a thrown TypeError, as fetch does).
 */
function server() {
  const records: { key: string; body: Record<string, unknown> }[] = [];
  const uploads: string[] = [];
  const byKey = new Map<string, unknown>();
  const plan = { failNext: 0, noAnswer: false, refuse: undefined as string | undefined };
  const answer = () => {
    if (plan.failNext > 0) {
      plan.failNext--;
      if (plan.noAnswer) throw new TypeError('Failed to fetch');
      throw new OutboxAnswer(503, 'Service unavailable');
    }
  };
  const transport: OutboxTransport = {
    async upload(_item, file) {
      answer();
      uploads.push(file.name);
      return `file-${uploads.length}`;
    },
    async send(item: OutboxItem, body) {
      answer();
      if (plan.refuse && body.studentId === plan.refuse) {
        throw new OutboxAnswer(403, 'This student is no longer assigned to you');
      }
      // The Idempotency-Key: a second arrival of a key gets the first answer, writes nothing.
      if (!byKey.has(item.idempotencyKey)) {
        records.push({ key: item.idempotencyKey, body });
        byKey.set(item.idempotencyKey, { id: `record-${records.length}` });
      }
      return byKey.get(item.idempotencyKey);
    },
  };
  return { transport, records, uploads, plan };
}

describe('the outbox', () => {
  it('sends in the order the records were made, files first, each record once', async () => {
    const db = open();
    const s = server();
    await enqueue(db, visit('A', [photo('a1.jpg'), photo('a2.jpg')]), 1000);
    await enqueue(db, visit('B'), 2000);
    await enqueue(db, visit('C', [photo('c1.jpg')]), 3000);

    const report = await sendDue(db, s.transport, 4000);
    expect(report).toEqual({ sent: 3, refused: 0, deferred: 0 });
    expect(s.records.map((r) => r.body.studentId)).toEqual(['A', 'B', 'C']);
    expect(s.uploads).toEqual(['a1.jpg', 'a2.jpg', 'c1.jpg']);
    // The record is built from what the uploads answered.
    expect(s.records[0].body).toMatchObject({ photos: ['file-1', 'file-2'] });
    expect(s.records[2].body).toMatchObject({ photos: ['file-3'] });
    expect((await listItems(db)).map((i) => [i.status, i.result])).toEqual([
      ['sent', { id: 'record-1' }],
      ['sent', { id: 'record-2' }],
      ['sent', { id: 'record-3' }],
    ]);
    expect(await unsentCount(db)).toBe(0);
  });

  it('makes each key at the tap and reuses it on a resend, so a lost answer never makes two records', async () => {
    const db = open();
    const s = server();
    const made = await enqueue(db, visit('A'), 1000);
    expect(made.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    // The record reaches the server, but its answer is lost on the way back.
    const send = s.transport.send;
    s.transport.send = async (item, body) => {
      await send(item, body);
      throw new TypeError('Failed to fetch');
    };
    expect(await sendDue(db, s.transport, 2000)).toEqual({ sent: 0, refused: 0, deferred: 1 });
    s.transport.send = send;
    await sendDue(db, s.transport, 2000 + retryDelayMs(1));

    expect(s.records).toHaveLength(1);
    expect(s.records[0].key).toBe(made.idempotencyKey);
    expect((await listItems(db))[0]).toMatchObject({ status: 'sent', result: { id: 'record-1' } });
  });

  it('retries a 5xx or no answer after a growing wait, never dropping the item', async () => {
    const db = open();
    const s = server();
    await enqueue(db, visit('A'), 0);
    s.plan.failNext = 3;
    expect(await sendDue(db, s.transport, 0)).toMatchObject({ deferred: 1 });
    let [item] = await listItems(db);
    expect(item).toMatchObject({ status: 'waiting', attempts: 1, nextAttemptAt: 5_000 });

    // Not sent again before its wait is over.
    expect(await sendDue(db, s.transport, 4_999)).toEqual({ sent: 0, refused: 0, deferred: 0 });
    s.plan.noAnswer = true;
    await sendDue(db, s.transport, 5_000);
    [item] = await listItems(db);
    expect(item).toMatchObject({ status: 'waiting', attempts: 2, nextAttemptAt: 15_000 });
    await sendDue(db, s.transport, 15_000);
    [item] = await listItems(db);
    expect(item).toMatchObject({ attempts: 3, nextAttemptAt: 35_000 });

    expect(await sendDue(db, s.transport, 35_000)).toMatchObject({ sent: 1 });
    expect(s.records).toHaveLength(1);
    expect([1, 2, 3, 8, 9, 20].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 600_000, 600_000, 600_000]);
  });

  it('keeps the later items behind one that waits for its retry, in order', async () => {
    const db = open();
    const s = server();
    await enqueue(db, { ...visit('check-in'), kind: 'check-in' }, 0);
    await enqueue(db, { ...visit('check-out'), kind: 'check-out' }, 1);
    s.plan.failNext = 1;
    await sendDue(db, s.transport, 10);
    expect(s.records).toEqual([]);
    expect((await listItems(db)).map((i) => i.status)).toEqual(['waiting', 'waiting']);
    await sendDue(db, s.transport, 10 + retryDelayMs(1));
    expect(s.records.map((r) => r.body.studentId)).toEqual(['check-in', 'check-out']);
  });

  it('stops only a refused item, with the server’s message, and sends the ones after it', async () => {
    const db = open();
    const s = server();
    await enqueue(db, visit('A'), 0);
    await enqueue(db, visit('B'), 1);
    await enqueue(db, visit('C'), 2);
    s.plan.refuse = 'B';

    expect(await sendDue(db, s.transport, 10)).toEqual({ sent: 2, refused: 1, deferred: 0 });
    const items = await listItems(db);
    expect(items.map((i) => i.status)).toEqual(['sent', 'needs-attention', 'sent']);
    expect(items[1].problem).toBe('This student is no longer assigned to you');
    expect(await unsentCount(db)).toBe(1);
    // Not sent again by itself.
    await sendDue(db, s.transport, 1_000_000);
    expect(s.records).toHaveLength(2);

    // Edited by the person, it goes again with its own key.
    s.plan.refuse = undefined;
    const corrected = { ...visit('B'), body: { studentId: 'B', notes: 'Corrected' } };
    await replaceItem(db, items[1].seq!, corrected, 2_000_000);
    await sendDue(db, s.transport, 2_000_000);
    expect(s.records.map((r) => r.body.studentId)).toEqual(['A', 'C', 'B']);
    expect(s.records[2]).toEqual({ key: items[1].idempotencyKey, body: { ...corrected.body, photos: [] } });
  });

  it('replaces an edited item in its place, with its key, tap and files, waiting again', async () => {
    const db = open();
    const s = server();
    await enqueue(db, visit('A'), 0);
    const kept = await enqueue(db, { ...visit('B', [photo('b1.jpg')]), formValues: { notes: 'Visit' } }, 10);
    await enqueue(db, visit('C'), 20);
    s.plan.refuse = 'B';
    await sendDue(db, s.transport, 30);
    const [refused] = (await listItems(db)).filter((i) => i.status === 'needs-attention');
    // The first upload went through before the refusal: its answer is kept with the Blob.
    expect(refused.files).toEqual([{ name: 'b1.jpg', blob: expect.any(Blob), sentAs: 'file-1' }]);

    s.plan.refuse = undefined;
    const edited = {
      ...visit('B2', [...refused.files, photo('b2.jpg')]),
      label: 'B, corrected',
      formValues: { notes: 'Visit, corrected' },
    };
    const replaced = await replaceItem(db, kept.seq!, edited, 40);
    expect(replaced).toMatchObject({
      seq: kept.seq,
      madeAt: 10,
      idempotencyKey: kept.idempotencyKey,
      label: 'B, corrected',
      status: 'waiting',
      attempts: 0,
      nextAttemptAt: 40,
      formValues: { notes: 'Visit, corrected' },
    });
    expect(replaced).not.toHaveProperty('problem', expect.anything());
    expect((await listItems(db)).map((i) => i.label)).toEqual(['A', 'B, corrected', 'C']);

    await sendDue(db, s.transport, 40);
    // Only the new file is uploaded; the record is sent once, with the edit, under the item's key.
    expect(s.uploads).toEqual(['b1.jpg', 'b2.jpg']);
    expect(s.records.map((r) => r.body.studentId)).toEqual(['A', 'C', 'B2']);
    expect(s.records[2]).toMatchObject({ key: kept.idempotencyKey, body: { photos: ['file-1', 'file-2'] } });
  });

  it('sends an edited item where its form sends it now', async () => {
    const db = open();
    // Kept by an earlier release of the app, with an address the server does not have.
    const kept = await enqueue(db, { ...visit('A'), kind: 'leave', path: '/leaves' }, 0);
    await replaceItem(db, kept.seq!, { ...visit('A'), kind: 'leave', path: '/leaves/apply' }, 1);
    expect((await listItems(db))[0]).toMatchObject({ path: '/leaves/apply', method: 'POST' });
  });

  it('changes nothing of an item sent, being sent, discarded or of another kind', async () => {
    const db = open();
    const s = server();
    const sent = await enqueue(db, visit('A'), 0);
    await sendDue(db, s.transport, 0);
    const sending = await enqueue(db, visit('B'), 1);
    await db.items.update(sending.seq!, { status: 'sending' });
    const discarded = await enqueue(db, visit('C'), 2);
    await removeItem(db, discarded.seq!);
    const checkIn = await enqueue(db, { ...visit('D'), kind: 'check-in' }, 3);

    for (const seq of [sent.seq!, sending.seq!, discarded.seq!, checkIn.seq!]) {
      expect(await replaceItem(db, seq, visit('changed'), 10)).toBeUndefined();
    }
    expect((await listItems(db)).map((i) => [i.label, i.status])).toEqual([
      ['A', 'sent'],
      ['B', 'sending'],
      ['D', 'waiting'],
    ]);
  });

  it('sends an item as it is when its turn comes, not as it was when the sending began', async () => {
    const db = open();
    const s = server();
    await enqueue(db, visit('A'), 0);
    const second = await enqueue(db, visit('B'), 1);
    const third = await enqueue(db, visit('C'), 2);
    // While the first is being sent, the person changes the second and discards the third.
    const send = s.transport.send;
    s.transport.send = async (item, body) => {
      if (item.label === 'A') {
        await replaceItem(db, second.seq!, { ...visit('B'), body: { studentId: 'B', notes: 'Changed' } }, 5);
        await removeItem(db, third.seq!);
      }
      return send(item, body);
    };
    expect(await sendDue(db, s.transport, 10)).toEqual({ sent: 2, refused: 0, deferred: 0 });
    expect(s.records.map((r) => r.body.notes)).toEqual(['Visit of A', 'Changed']);
  });

  it('uploads a file once, though the record after it failed', async () => {
    const db = open();
    const s = server();
    await enqueue(db, visit('A', [photo('a1.jpg'), photo('a2.jpg')]), 0);
    // The first upload goes through; the second gets no answer.
    const upload = s.transport.upload;
    let calls = 0;
    s.transport.upload = async (item, file) => {
      if (++calls === 2) throw new TypeError('Failed to fetch');
      return upload(item, file);
    };
    await sendDue(db, s.transport, 0);
    expect((await listItems(db))[0].files.map((f) => f.sentAs)).toEqual(['file-1', undefined]);

    await sendDue(db, s.transport, retryDelayMs(1));
    expect(s.uploads).toEqual(['a1.jpg', 'a2.jpg']);
    expect(s.records[0].body).toMatchObject({ photos: ['file-1', 'file-2'] });
  });

  it('is still there after a reload, and an item cut off while sending waits again', async () => {
    const indexedDB = new IDBFactory();
    const first = open(indexedDB);
    const made = await enqueue(first, visit('A', [photo('a1.jpg')]), 0);
    // The tab closes while the item is being sent.
    await first.items.update(made.seq!, { status: 'sending' });
    first.close();

    const again = open(indexedDB);
    await recoverInterrupted(again);
    const [kept] = await listItems(again);
    expect(kept).toMatchObject({ status: 'waiting', idempotencyKey: made.idempotencyKey, label: 'A' });
    expect(await kept.files[0].blob?.text()).toBe('a1.jpg');
    const s = server();
    await sendDue(again, s.transport, 1);
    expect(s.records).toHaveLength(1);
  });

  it('keeps the key and tap a request already carried, and waits out an ended session', async () => {
    const db = open();
    const s = server();
    const made = await enqueue(
      db,
      { ...visit('A'), idempotencyKey: 'key-of-the-lost-answer', madeAt: 7 },
      50,
    );
    expect(made).toMatchObject({ idempotencyKey: 'key-of-the-lost-answer', madeAt: 7 });

    const send = s.transport.send;
    s.transport.send = async () => {
      throw new OutboxAnswer(401, 'Unauthorized');
    };
    expect(await sendDue(db, s.transport, 50)).toEqual({ sent: 0, refused: 0, deferred: 1 });
    expect((await listItems(db))[0].status).toBe('waiting');

    s.transport.send = send;
    await sendDue(db, s.transport, 50 + retryDelayMs(1));
    expect(s.records).toEqual([{ key: 'key-of-the-lost-answer', body: expect.any(Object) }]);
  });

  it('is one store per user, and signing out deletes it', async () => {
    const indexedDB = new IDBFactory();
    const tara = open(indexedDB, 'tara');
    await enqueue(tara, visit('A'), 0);
    const omar = open(indexedDB, 'omar');
    expect(await listItems(omar)).toEqual([]);

    await deleteOutbox(tara);
    expect((await indexedDB.databases()).map((d) => d.name)).toEqual(['csp-offline-omar']);
    expect(await listItems(open(indexedDB, 'tara'))).toEqual([]);
  });
});
