import { QueryClient } from '@tanstack/query-core';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/query-persist-client-core';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { copyOptions, copyStoreFor, KEPT_FOR_MS, KEPT_QUERIES, notAnsweredYet } from './offline-copy.ts';

/** One phone: an IndexedDB shared by the users who sign in on it. */
const phone = () => new IDBFactory();
const storeOf = (indexedDB: IDBFactory, user: string) => copyStoreFor(user, { indexedDB, IDBKeyRange });

async function save(client: QueryClient, indexedDB: IDBFactory, user: string) {
  const db = storeOf(indexedDB, user);
  await persistQueryClientSave({ queryClient: client, ...copyOptions(db, 0) });
  db.close();
}

async function restore(indexedDB: IDBFactory, user: string) {
  const client = new QueryClient();
  const db = storeOf(indexedDB, user);
  await persistQueryClientRestore({ queryClient: client, ...copyOptions(db, 0) });
  db.close();
  return client;
}

describe('the offline copy', () => {
  it('keeps a teacher’s records and brings them back with the time they were received', async () => {
    const indexedDB = phone();
    const client = new QueryClient();
    const student = { id: 's1', firstName: 'Nila' };
    client.setQueryData(['students', 'detail', 's1'], student, { updatedAt: 1_000 });
    client.setQueryData(['attendance', 'today'], { status: 'IN_PROGRESS' });
    await save(client, indexedDB, 'tara');

    const back = await restore(indexedDB, 'tara');
    expect(back.getQueryData(['students', 'detail', 's1'])).toEqual(student);
    expect(back.getQueryState(['students', 'detail', 's1'])?.dataUpdatedAt).toBe(1_000);
    expect(back.getQueryData(['attendance', 'today'])).toEqual({ status: 'IN_PROGRESS' });
  });

  it('keeps nothing that is not a teacher’s field work, and no failed answer', async () => {
    const indexedDB = phone();
    const client = new QueryClient();
    client.setQueryData(['users', 'list', { page: 1 }], [{ email: 'someone@programme.test' }]);
    client.setQueryData(['audit', 'list', {}], [{ action: 'LOGIN' }]);
    client.setQueryData(['leaves', 'list', { page: 1 }], { items: [], total: 0 });
    await client.prefetchQuery({
      queryKey: ['students', 'detail', 'gone'],
      queryFn: () => Promise.reject(new Error('404')),
    });
    await save(client, indexedDB, 'tara');

    const back = await restore(indexedDB, 'tara');
    const kept = back
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey[0]);
    expect(kept).toEqual(['leaves']);
  });

  it('is one store per user: another person signing in on the phone reads nothing of the first', async () => {
    const indexedDB = phone();
    const client = new QueryClient();
    client.setQueryData(['students', 'detail', 's1'], { id: 's1', firstName: 'Nila' });
    await save(client, indexedDB, 'tara');

    const other = await restore(indexedDB, 'kumar');
    expect(other.getQueryCache().getAll()).toHaveLength(0);
    expect((await restore(indexedDB, 'tara')).getQueryCache().getAll()).toHaveLength(1);
  });

  it('keeps the newest answers only, up to its bound', async () => {
    const indexedDB = phone();
    const client = new QueryClient();
    for (let i = 1; i <= KEPT_QUERIES + 20; i++) {
      client.setQueryData(['students', 'detail', `s${i}`], { id: `s${i}` }, { updatedAt: i });
    }
    await save(client, indexedDB, 'tara');

    const back = (await restore(indexedDB, 'tara')).getQueryCache().getAll();
    expect(back).toHaveLength(KEPT_QUERIES);
    const times = back.map((q) => q.state.dataUpdatedAt);
    expect(Math.min(...times)).toBe(21);
  });

  it('lets a copy older than its limit go', async () => {
    const indexedDB = phone();
    const client = new QueryClient();
    client.setQueryData(['students', 'detail', 's1'], { id: 's1' });
    const db = storeOf(indexedDB, 'tara');
    await persistQueryClientSave({ queryClient: client, ...copyOptions(db, 0) });
    // Saved a week and a minute ago.
    const stored = JSON.parse((await db.entries.get('queries'))!.value) as { timestamp: number };
    stored.timestamp = Date.now() - KEPT_FOR_MS - 60_000;
    await db.entries.put({ key: 'queries', value: JSON.stringify(stored) });
    db.close();

    expect((await restore(indexedDB, 'tara')).getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('bringing the copy back into a tab that has started', () => {
  it('covers neither an answer the server gave since nor an error such as a record now gone', async () => {
    const indexedDB = phone();
    const before = new QueryClient();
    before.setQueryData(['home-visits', 'detail', 'v1'], { id: 'v1', notes: 'deleted since' });
    before.setQueryData(['students', 'detail', 's1'], { id: 's1', firstName: 'Nila' });
    before.setQueryData(['settings'], { homeVisitDistanceThreshold: 50 });
    await save(before, indexedDB, 'tara');

    const tab = new QueryClient();
    await tab.prefetchQuery({
      queryKey: ['home-visits', 'detail', 'v1'],
      queryFn: () => Promise.reject(new Error('Home visit not found')),
    });
    tab.setQueryData(['settings'], { homeVisitDistanceThreshold: 80 }, { updatedAt: 1 });
    const db = storeOf(indexedDB, 'tara');
    const saved = await copyOptions(db, 0).persister.restoreClient();
    db.close();
    const left = notAnsweredYet(saved!, tab).clientState.queries.map((q) => q.queryKey);

    expect(left).toEqual([['students', 'detail', 's1']]);
  });
});
