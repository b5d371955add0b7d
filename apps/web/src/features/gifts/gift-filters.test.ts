import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  GIFT_STATUS_OPTIONS,
  giftFilterQuery,
  giftFiltersFromParams,
  giftYearOptions,
} from './gift-filters.ts';

const STUDENT = '0b7f3c1e-2f44-4c1a-9d7e-1a2b3c4d5e6f';
const TEACHER = 'a1b2c3d4-e5f6-4a1b-8c2d-3e4f5a6b7c8d';
const read = (query: string, withTeacher = true) =>
  giftFiltersFromParams(new URLSearchParams(query), withTeacher);

describe('gift filters in the address', () => {
  it('reads valid values', () => {
    expect(
      read(
        `search=%20ball%20&year=2026&month=3&date=2026-03-04&status=IN_PROGRESS&student=${STUDENT}&teacherId=${TEACHER}`,
      ),
    ).toEqual({
      search: 'ball',
      year: 2026,
      month: 3,
      date: '2026-03-04',
      status: 'IN_PROGRESS',
      student: STUDENT,
      teacherId: TEACHER,
    });
  });

  it('ignores invalid ones', () => {
    expect(read('search=&year=26&month=0&date=4 March&status=OPEN&student=STU-1&teacherId=me')).toEqual({
      search: undefined,
      year: undefined,
      month: undefined,
      date: undefined,
      status: undefined,
      student: undefined,
      teacherId: undefined,
    });
  });

  it('reads the teacher filter only for administrators', () => {
    expect(read(`teacherId=${TEACHER}`, false).teacherId).toBeUndefined();
  });
});

describe('the query of GET /api/gifts', () => {
  it('sends only the filters that are set', () => {
    expect(giftFilterQuery(read(`month=11&student=${STUDENT}`))).toEqual({ month: 11, student: STUDENT });
    expect(giftFilterQuery({ search: '  ' })).toEqual({});
    expect(giftFilterQuery({ search: ' toy ', status: 'PENDING', teacherId: TEACHER })).toEqual({
      search: 'toy',
      status: 'PENDING',
      teacherId: TEACHER,
    });
  });

  it('counts the panel filters, not the search', () => {
    expect(activeFilterCount(read('search=toy'))).toBe(0);
    expect(activeFilterCount(read('search=toy&year=2026&status=DELIVERED'))).toBe(2);
  });
});

describe('filter choices', () => {
  it('offers next year, this year and five before, and a chosen year outside them', () => {
    expect(giftYearOptions(2026).map((o) => o.value)).toEqual([
      '',
      '2027',
      '2026',
      '2025',
      '2024',
      '2023',
      '2022',
      '2021',
    ]);
    expect(giftYearOptions(2026, 2012).at(-1)).toEqual({ value: '2012', label: '2012' });
    expect(giftYearOptions(2026, 2025)).toHaveLength(8);
  });

  it('names the statuses, the bulk form’s In Progress included', () => {
    expect(GIFT_STATUS_OPTIONS.map((o) => o.label)).toEqual([
      'All statuses',
      'In Progress',
      'Pending',
      'Delivered',
      'Cancelled',
    ]);
  });
});
