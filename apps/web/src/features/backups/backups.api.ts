import type { BackupStatus } from '@csp/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Query keys of the backups' status (beyond the spec, decision 0026). */
export const backupKeys = {
  all: ['backups'] as const,
  status: () => [...backupKeys.all, 'status'] as const,
};

export const backupsApi = {
  /** GET /api/backups (administrators). */
  status: () => api.get<BackupStatus>('/backups').then((r) => r.data),
};

/**
 * The backups' status, for the administrator's dashboard warning. A failed call shows no toast: the
 * warning is an extra beside the dashboard's own panels, and is looked at again within the hour.
 */
export function useBackupStatusQuery() {
  return useQuery({
    queryKey: backupKeys.status(),
    queryFn: backupsApi.status,
    staleTime: 5 * 60 * 1000,
    meta: { silent: true },
  });
}
