import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageMessage } from './PageStates.tsx';
import { useCurrentUser } from '../lib/auth-context.ts';

/**
 * The users area is for administrators. A teacher who opens one of its addresses sees a friendly note
 * inside the shell (the server refuses the calls anyway), and no call is made.
 */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const user = useCurrentUser();
  if (user.role === 'ADMIN') return children;
  return (
    <PageMessage title={title} icon={IconLock}>
      You do not have access to this page.
    </PageMessage>
  );
}
