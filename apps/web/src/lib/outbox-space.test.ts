import { describe, expect, it } from 'vitest';
import { isQuotaExceeded, SPACE_MARGIN_BYTES, spaceIsShort } from './outbox-space.ts';

const MB = 1024 * 1024;

describe('spaceIsShort', () => {
  it('is not short with room for the record and the margin', () => {
    expect(spaceIsShort({ usage: 10 * MB, quota: 1000 * MB }, 3 * MB)).toBe(false);
  });

  it('is short above 90 % of the quota, whatever the record needs', () => {
    expect(spaceIsShort({ usage: 901 * MB, quota: 1000 * MB }, 0)).toBe(true);
    expect(spaceIsShort({ usage: 899 * MB, quota: 1000 * MB }, 0)).toBe(false);
  });

  it("is short when the record's bytes and the margin do not fit in what is left", () => {
    const quota = 20 * MB;
    const usage = 10 * MB;
    const left = quota - usage;
    expect(spaceIsShort({ usage, quota }, left - SPACE_MARGIN_BYTES)).toBe(false);
    expect(spaceIsShort({ usage, quota }, left - SPACE_MARGIN_BYTES + 1)).toBe(true);
  });

  it('says nothing when the browser does not tell', () => {
    expect(spaceIsShort({}, 100 * MB)).toBe(false);
    expect(spaceIsShort({ usage: 5 * MB }, 100 * MB)).toBe(false);
    expect(spaceIsShort({ quota: 0, usage: 0 }, 100 * MB)).toBe(false);
  });
});

describe('isQuotaExceeded', () => {
  const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

  it("knows IndexedDB's refusal, as it is or as Dexie wraps it", () => {
    expect(isQuotaExceeded(quotaError())).toBe(true);
    // Dexie: its own QuotaExceededError, or a transaction's AbortError with the refusal inside.
    expect(isQuotaExceeded(Object.assign(new Error('x'), { name: 'QuotaExceededError' }))).toBe(true);
    expect(isQuotaExceeded(Object.assign(new Error('x'), { name: 'AbortError', inner: quotaError() }))).toBe(
      true,
    );
    expect(isQuotaExceeded(new Error('Could not keep it', { cause: quotaError() }))).toBe(true);
  });

  it('is false for other failures', () => {
    expect(isQuotaExceeded(new Error('No one is signed in'))).toBe(false);
    expect(isQuotaExceeded(Object.assign(new Error('x'), { name: 'AbortError', inner: null }))).toBe(false);
    expect(isQuotaExceeded(new DOMException('blocked', 'InvalidStateError'))).toBe(false);
    expect(isQuotaExceeded(undefined)).toBe(false);
    expect(isQuotaExceeded('QuotaExceededError')).toBe(false);
  });
});
