import { Group, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { sentLaterText } from '../lib/sent-later.ts';

/** Tells a reviewer that a record was made offline and reached the server later; nothing otherwise. */
export function SentLaterNote({ madeAt, receivedAt }: { madeAt: string; receivedAt: string | null }) {
  const text = sentLaterText(madeAt, receivedAt);
  if (!text) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <IconCloudUpload size={16} color="var(--mantine-color-orange-7)" aria-hidden />
      <Text size="sm">{text}</Text>
    </Group>
  );
}
