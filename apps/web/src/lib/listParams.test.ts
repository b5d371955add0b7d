import { describe, expect, it } from 'vitest';
import { withChanges } from './listParams.ts';

describe('withChanges', () => {
  it('sets, replaces and removes parameters without touching the others or the original', () => {
    const prev = new URLSearchParams('search=ann&role=ADMIN&page=3');
    const next = withChanges(prev, { role: 'TEACHER', page: undefined, category: 'HOME_BASE' });
    expect(next.toString()).toBe('search=ann&role=TEACHER&category=HOME_BASE');
    expect(prev.toString()).toBe('search=ann&role=ADMIN&page=3');
  });

  it('treats an empty value as removal', () => {
    expect(withChanges(new URLSearchParams('search=x'), { search: '' }).toString()).toBe('');
  });
});
