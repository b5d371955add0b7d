import { useEffect } from 'react';
import { queryClient } from '../../lib/queryClient.ts';

/**
 * The signed-in person's offline work while the shell is open, loaded after its first render: their
 * outbox (lib/outbox-sender.ts) sends the records kept on this phone, after which every page reads its
 * data again; and a teacher's offline copy of their records (app/field-copy.ts) is kept.
 */
export function OfflineWork({ userId, keepCopy }: { userId: string; keepCopy: boolean }) {
  useEffect(() => {
    const stops: (() => void)[] = [];
    let left = false;
    // Not downloaded (the worker precaches them, so only before it was installed): the next start tries again.
    Promise.all([import('../../lib/outbox-sender.ts'), import('../outbox-uploads.ts')])
      .then(([{ startOutbox }, { OUTBOX_UPLOADS }]) => {
        if (!left)
          stops.push(startOutbox(userId, OUTBOX_UPLOADS, () => void queryClient.invalidateQueries()));
      })
      .catch(() => {});
    if (keepCopy) {
      import('../field-copy.ts')
        .then(({ startFieldCopy }) => {
          if (!left) stops.push(startFieldCopy(queryClient, userId));
        })
        .catch(() => {});
    }
    return () => {
      left = true;
      stops.forEach((stop) => stop());
    };
  }, [userId, keepCopy]);
  return null;
}
