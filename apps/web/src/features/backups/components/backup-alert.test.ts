import type { BackupStatus } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/dates.ts';
import { backupProblem } from './BackupAlert.tsx';

const base: BackupStatus = {
  enabled: true,
  everyHours: 24,
  keep: 14,
  count: 3,
  latest: { takenAt: '2026-11-25T02:00:00.000Z', bytes: 5_000_000 },
  lastFailure: null,
  overdue: true,
};

describe('backupProblem', () => {
  it('names the failure when the last run failed', () => {
    const failed = {
      ...base,
      lastFailure: { at: '2026-11-28T02:00:00.000Z', message: 'ENOSPC: no space left' },
    };
    expect(backupProblem(failed)).toBe(
      `The last backup failed (${formatDateTime('2026-11-28T02:00:00.000Z')}): ENOSPC: no space left.`,
    );
  });

  it('says how old the newest backup is otherwise', () => {
    expect(backupProblem(base)).toBe(
      `The newest backup is from ${formatDateTime('2026-11-25T02:00:00.000Z')}; one should be made every 24 hours.`,
    );
  });
});
