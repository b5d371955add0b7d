import { IconTools } from '@tabler/icons-react';
import { PageMessage } from './PageStates.tsx';

/** Stand-in for an area that a later issue builds: its title and a short line, inside the shell. */
export function NotAvailablePage({ title }: { title: string }) {
  return (
    <PageMessage title={title} icon={IconTools}>
      This area is not available yet.
    </PageMessage>
  );
}
