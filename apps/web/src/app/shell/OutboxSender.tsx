import { useEffect } from 'react';
import { queryClient } from '../../lib/queryClient.ts';

/**
 * Starts the signed-in person's outbox (lib/outbox-sender.ts, loaded after the shell's first render)
 * while the shell is open: their records kept on this phone are sent, and once some are, every page
 * reads its data again.
 */
export function OutboxSender({ userId }: { userId: string }) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    Promise.all([import('../../lib/outbox-sender.ts'), import('../outbox-uploads.ts')])
      .then(([{ startOutbox }, { OUTBOX_UPLOADS }]) => {
        if (!left) stop = startOutbox(userId, OUTBOX_UPLOADS, () => void queryClient.invalidateQueries());
      })
      // Not downloaded (the worker precaches it, so only before it was installed): the next start tries again.
      .catch(() => {});
    return () => {
      left = true;
      stop?.();
    };
  }, [userId]);
  return null;
}
