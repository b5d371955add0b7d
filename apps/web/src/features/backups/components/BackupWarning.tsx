import { lazyPart } from '../../../components/LazyPart.tsx';
import { useBackupStatusQuery } from '../backups.api.ts';

/** Downloaded only when there is something to say: the dashboard's first load stays light. */
const BackupAlert = lazyPart(() => import('./BackupAlert.tsx'), 'The backup warning');

/**
 * On an administrator's dashboard, only while the server's backups are not being made (GET
 * /api/backups answers `overdue`).
 */
export function BackupWarning() {
  const status = useBackupStatusQuery();
  if (!status.data?.overdue) return null;
  return <BackupAlert status={status.data} loading={null} />;
}
