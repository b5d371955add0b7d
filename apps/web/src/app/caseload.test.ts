import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { studentKeys } from '../features/students/api/students.api.ts';
import { fetchCaseload } from './caseload.ts';

const get = vi.hoisted(() => vi.fn());
vi.mock('../lib/api.ts', () => ({ api: { get } }));

const DAY = 24 * 60 * 60 * 1000;
const student = (id: string, updatedAt: string) => ({ id, firstName: id, updatedAt });
/** The teacher's students as the server has them now. */
let students: ReturnType<typeof student>[] = [];

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((path: string) => {
    if (path === '/students') return Promise.resolve({ data: students, headers: {} });
    const one = /^\/students\/(.+)$/.exec(path);
    if (one) return Promise.resolve({ data: { ...students.find((s) => s.id === one[1]), detail: true } });
    return Promise.resolve({ data: [], headers: {} });
  });
});

/** The student pages the caseload asked the server for. */
const pagesFetched = () =>
  get.mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith('/students/'));

describe('the caseload kept for the field', () => {
  it('fetches every student’s page that is not kept yet, and what a visit needs', async () => {
    students = [student('s1', '2026-12-01T00:00:00Z'), student('s2', '2026-12-02T00:00:00Z')];
    const client = new QueryClient();
    await fetchCaseload(client, 't1');

    expect(pagesFetched()).toEqual(['/students/s1', '/students/s2']);
    expect(client.getQueryData(studentKeys.detail('s2'))).toMatchObject({ id: 's2', detail: true });
    const asked = get.mock.calls.map(([path]) => path);
    expect(asked).toEqual(
      expect.arrayContaining([
        '/attendance/today',
        '/office-location/current',
        '/settings',
        '/organisation',
        '/leaves/teacher/t1',
        '/leaves/summary',
        '/measurements/status/all',
        '/measurements/status/summary',
      ]),
    );
  });

  it('fetches a kept page again only when the student changed or it is a day old', async () => {
    students = [
      student('same', '2026-12-01T00:00:00Z'),
      student('changed', '2026-12-05T00:00:00Z'),
      student('old', '2026-12-01T00:00:00Z'),
    ];
    const client = new QueryClient();
    client.setQueryData(studentKeys.detail('same'), student('same', '2026-12-01T00:00:00Z'));
    client.setQueryData(studentKeys.detail('changed'), student('changed', '2026-12-01T00:00:00Z'));
    client.setQueryData(studentKeys.detail('old'), student('old', '2026-12-01T00:00:00Z'), {
      updatedAt: Date.now() - DAY - 60_000,
    });
    await fetchCaseload(client, 't1');

    expect(pagesFetched()).toEqual(['/students/changed', '/students/old']);
  });
});
