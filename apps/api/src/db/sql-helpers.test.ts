import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { students } from './schema.ts';
import { arrayParam, containsLowered, OFFSET_ZERO_FENCE, startsWithPattern } from './sql-helpers.ts';

const qb = new QueryBuilder();

describe('sql helpers', () => {
  it('OFFSET_ZERO_FENCE writes the offset 0 that a literal 0 would not', () => {
    const plain = qb.select({ id: students.id }).from(students).offset(0).toSQL().sql;
    const fenced = qb.select({ id: students.id }).from(students).offset(OFFSET_ZERO_FENCE).toSQL().sql;
    expect(plain).not.toMatch(/offset/i);
    expect(fenced).toMatch(/ offset 0$/);
  });

  it('containsLowered lower-cases the escaped pattern in PostgreSQL, once', () => {
    const q = qb
      .select({ id: students.id })
      .from(students)
      .where(containsLowered(students.searchName, 'Ni_la 50%'))
      .toSQL();
    expect(q.sql).toMatch(/"students"\."search_name" like lower\(\$1\)$/);
    expect(q.params).toEqual(['%Ni\\_la 50\\%%']);
  });

  it('startsWithPattern matches the prefix as text (its wildcards escaped), then anything', () => {
    expect(startsWithPattern('measurements:at_risk:')).toBe('measurements:at\\_risk:%');
    expect(startsWithPattern('50%\\')).toBe('50\\%\\\\%');
  });

  it('arrayParam sends the values as one quoted array literal of the type', () => {
    const q = qb
      .select({ id: students.id })
      .from(students)
      .where(sql`${students.id} = any(${arrayParam(['a', 'b"c', 'd\\e'], 'uuid')})`)
      .toSQL();
    expect(q.sql).toMatch(/= any\(\$1::uuid\[\]\)$/);
    expect(q.params).toEqual(['{"a","b\\"c","d\\\\e"}']);
    expect(
      qb
        .select({ id: students.id })
        .from(students)
        .where(sql`${arrayParam([], 'int')} = '{}'`)
        .toSQL().params,
    ).toEqual(['{}']);
  });
});
