import { IconFile, IconFileTypeDoc, IconFileTypePdf } from '@tabler/icons-react';
import type { FileKind } from '../lib/attachments.ts';

/** A document's icon: PDF, Word, or a plain file. */
export function FileTypeIcon({ kind, size = 28 }: { kind: FileKind; size?: number }) {
  const Icon = kind === 'pdf' ? IconFileTypePdf : kind === 'word' ? IconFileTypeDoc : IconFile;
  return <Icon size={size} stroke={1.5} color="var(--mantine-color-gray-7)" aria-hidden />;
}
