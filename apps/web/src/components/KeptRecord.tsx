import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { problemText, useKeptRecord, type KeptRecord } from '../lib/outbox-edit.ts';
import { PageLoader } from './PageLoader.tsx';
import { NotFoundPage } from './PageStates.tsx';

/**
 * A create form's page, which may have been opened to change a record kept on the phone (Edit on
 * "Waiting to send", lib/outbox-edit.ts): renders the page with that record once it is read, or with
 * none for a new record; says so when it is no longer on the phone.
 */
export function KeptRecordPage({
  kind,
  title,
  children,
}: {
  kind: string;
  /** The page's title, for the page that says the record is gone. */
  title: string;
  children: (kept: KeptRecord & { state: 'new' | 'ready' }) => ReactNode;
}) {
  const kept = useKeptRecord(kind);
  if (kept.state === 'loading') return <PageLoader label="Loading the record" />;
  if (kept.state === 'missing') {
    return (
      <NotFoundPage
        title={title}
        message="This record is no longer waiting on this phone: it was sent or discarded."
        backTo="/outbox"
        backLabel="Back to Waiting to send"
      />
    );
  }
  // Keyed by the record: the form starts afresh for another one, or for a new record.
  return <Fragment key={kept.state === 'ready' ? kept.item.seq : 'new'}>{children(kept)}</Fragment>;
}

/**
 * Above a form opened to change a record kept on the phone: that it is not sent yet, or why the server
 * refused it; and when it was sent or discarded meanwhile, that saving can no longer change it.
 */
export function KeptRecordNotice({ kept }: { kept: KeptRecord }) {
  if (kept.state !== 'ready') return null;
  const { item, gone } = kept;
  const refused = item.status === 'needs-attention';
  if (gone) {
    return (
      <Alert
        variant="light"
        color="yellow"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title="No longer waiting"
      >
        This record was sent or discarded while you were changing it, so saving here cannot change it. A
        record already sent is changed from its own page.
      </Alert>
    );
  }
  return (
    <Alert
      variant="light"
      color={refused ? 'red' : 'blue'}
      icon={refused ? <IconAlertTriangle size={18} aria-hidden /> : <IconCloudUpload size={18} aria-hidden />}
      title={refused ? 'Not accepted' : 'Not sent yet'}
    >
      {refused && item.problem && (
        <Text size="sm" fw={500} mb={4}>
          {problemText(item.problem)}
        </Text>
      )}
      <Text size="sm">
        {refused
          ? 'Correct it and save: it goes back, in its place, to the records waiting to send.'
          : 'You are changing a record saved on this phone. It keeps its place among the records waiting to send.'}
      </Text>
    </Alert>
  );
}
