import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@csp/contracts';
import { ActionIcon, Box, Button, Group, Image, Input, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toastError } from '../lib/notify.ts';
import { FileTypeIcon } from './FileTypeIcon.tsx';
import {
  addAttachments,
  dropzoneAccept,
  fileKind,
  fileSizeText,
  pendingAttachments,
  attachmentEntries,
  pickedAttachments,
  withUploaded,
  type Attachment,
} from '../lib/attachments.ts';

let pickCount = 0;

/**
 * The attachments of a record's form (photos, or documents where a record takes them): stored ones
 * (`initial`) and files picked here. Previews of picked files are object URLs, released when a file is
 * removed or the form goes away. `uploadPending` uploads the
 * picked files one request each (kept if a later step fails) and answers the record's `photos`.
 */
export function useAttachments(initial: Attachment[] = []) {
  const [items, setItems] = useState<Attachment[]>(initial);
  /** The list as of the last change (async uploads read it, not a render's copy). */
  const itemsRef = useRef(items);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => {
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
    };
  }, []);

  const release = (item: Attachment) => {
    if (item.file && previews.current.delete(item.src)) URL.revokeObjectURL(item.src);
  };

  /** Adds picked files up to `max`; answers how many did not fit. */
  const add = (files: File[], max: number): number => {
    const picked = pickedAttachments(
      files,
      (file) => {
        const url = URL.createObjectURL(file);
        previews.current.add(url);
        return url;
      },
      (_file, i) => `picked-${++pickCount}-${i}`,
    );
    const { items: next, left } = addAttachments(itemsRef.current, picked, max);
    left.forEach(release);
    itemsRef.current = next;
    setItems(next);
    return left.length;
  };

  const remove = (key: string) => {
    const item = itemsRef.current.find((p) => p.key === key);
    if (item) release(item);
    const next = itemsRef.current.filter((p) => p.key !== key);
    itemsRef.current = next;
    setItems(next);
  };

  const uploadPending = useCallback(async (upload: (file: File) => Promise<string>): Promise<string[]> => {
    for (const item of pendingAttachments(itemsRef.current)) {
      const entry = await upload(item.file as File);
      const next = withUploaded(itemsRef.current, new Map([[item.key, entry]]));
      itemsRef.current = next;
      setItems(next);
    }
    return attachmentEntries(itemsRef.current);
  }, []);

  /** The list as of the last change, for code that runs after a render (a save's answer). */
  const current = useCallback(() => itemsRef.current, []);

  /** Puts another list in place (the record saved by someone else, with this person's changes). */
  const replace = useCallback((next: Attachment[]) => {
    for (const item of itemsRef.current) if (!next.some((p) => p.key === item.key)) release(item);
    itemsRef.current = next;
    setItems(next);
  }, []);

  return { items, add, remove, uploadPending, current, replace };
}

/** What a dropzone takes and what it says (photos by default; records with documents give their own). */
export interface FileRules {
  /** An `<input accept>` list: MIME types and name endings. */
  accept: string;
  maxBytes: number;
  wrongType: string;
  tooLarge: string;
  /** The line under the drop area, e.g. 'JPG, PNG, GIF or WebP, up to 5 MB each'. */
  hint: string;
  /** What the files are called on the buttons and lines: 'photos', 'files'. */
  noun: string;
}

export const PHOTO_RULES: FileRules = {
  accept: PHOTO_ACCEPT,
  maxBytes: PHOTO_MAX_BYTES,
  wrongType: PHOTO_MESSAGES.wrongType,
  tooLarge: PHOTO_MESSAGES.tooLarge,
  hint: 'JPG, PNG, GIF or WebP, up to 5 MB each',
  noun: 'photos',
};

function rejectionMessage(rejections: FileRejection[], tooMany: string, rules: FileRules): string {
  const codes = new Set(rejections.flatMap((r) => r.errors.map((e) => e.code)));
  if (codes.has('file-invalid-type')) return rules.wrongType;
  if (codes.has('file-too-large')) return rules.tooLarge;
  if (codes.has('too-many-files')) return tooMany;
  return rejections[0]?.errors[0]?.message ?? rules.wrongType;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface AttachmentDropzoneProps {
  label: string;
  attachments: ReturnType<typeof useAttachments>;
  max: number;
  /** Shown when more than `max` photos would be on the record. */
  tooManyMessage: string;
  disabled?: boolean;
  /** The types, size and wording; photos (JPG, PNG, GIF, WebP up to 5 MB) when not given. */
  rules?: FileRules;
  /**
   * 'grid' (photos): previews in a grid. 'list' (files that may be documents): one row per file with a
   * thumbnail or a document icon, its name and its size in MB.
   */
  layout?: 'grid' | 'list';
}

/** One chosen file as a row: thumbnail or icon, name, size and remove. */
function FileRow({
  item,
  onRemove,
  disabled,
}: {
  item: ReturnType<typeof useAttachments>['items'][number];
  onRemove: () => void;
  disabled?: boolean;
}) {
  const kind = fileKind(item.mimeType, item.name);
  const details = [
    item.sizeBytes === undefined ? '' : fileSizeText(item.sizeBytes),
    item.file && item.entry !== undefined ? 'uploaded' : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper component="li" withBorder radius="md" p="xs">
      <Group gap="sm" wrap="nowrap">
        <Box
          w={48}
          h={48}
          style={{ flexShrink: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          {kind === 'image' ? (
            <Image src={item.src} alt="" w={48} h={48} radius="sm" fit="cover" />
          ) : (
            <FileTypeIcon kind={kind} />
          )}
        </Box>
        <Box miw={0} style={{ flex: 1 }}>
          <Text size="sm" truncate title={item.name}>
            {item.name}
          </Text>
          {details && (
            <Text size="xs" c="dimmed">
              {details}
            </Text>
          )}
        </Box>
        <ActionIcon
          color="red"
          variant="subtle"
          radius="xl"
          size="lg"
          aria-label={`Remove ${item.name}`}
          onClick={onRemove}
          disabled={disabled}
        >
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * Photo evidence (or other files) on a form: a drop area with a 'Choose photos' button (the file
 * chooser) for the accepted types up to their size, and the chosen files, each with a remove button.
 */
export function AttachmentDropzone({
  label,
  attachments,
  max,
  tooManyMessage,
  disabled,
  rules = PHOTO_RULES,
  layout = 'grid',
}: AttachmentDropzoneProps) {
  const labelId = useId();
  const hintId = useId();
  const openRef = useRef<() => void>(null);
  const accept = useMemo(() => dropzoneAccept(rules.accept), [rules.accept]);
  const full = attachments.items.length >= max;
  const onDrop = (files: File[]) => {
    if (attachments.add(files, max) > 0) toastError(tooManyMessage);
  };
  return (
    <Stack gap={6}>
      <Input.Label id={labelId} component="div">
        {label}
      </Input.Label>
      <Dropzone
        openRef={openRef}
        onDrop={onDrop}
        onReject={(rejections) => toastError(rejectionMessage(rejections, tooManyMessage, rules))}
        accept={accept}
        maxSize={rules.maxBytes}
        multiple
        disabled={disabled || full}
        activateOnClick={false}
        activateOnKeyboard={false}
        enablePointerEvents
        tabIndex={-1}
        inputProps={{ 'aria-labelledby': labelId }}
        radius="md"
        p="md"
      >
        <Group justify="center" gap="sm" wrap="wrap" mih={64}>
          <IconPhotoPlus size={32} stroke={1.5} color="var(--mantine-color-teal-7)" aria-hidden />
          <div>
            <Text fw={600} size="sm">
              {full
                ? `${capitalised(rules.noun.replace(/s$/, ''))} limit reached`
                : `Drag ${rules.noun} here, or`}
            </Text>
            <Text size="xs" c="dimmed" id={hintId}>
              {rules.hint}; at most {max} {rules.noun}
            </Text>
          </div>
          <Button
            variant="light"
            size="sm"
            onClick={() => openRef.current?.()}
            disabled={disabled || full}
            aria-describedby={hintId}
          >
            Choose {rules.noun}
          </Button>
        </Group>
      </Dropzone>
      {layout === 'list' && attachments.items.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`${label}: ${attachments.items.length} chosen`}
        >
          {attachments.items.map((p) => (
            <FileRow key={p.key} item={p} onRemove={() => attachments.remove(p.key)} disabled={disabled} />
          ))}
        </Stack>
      )}
      {layout === 'grid' && attachments.items.length > 0 && (
        <SimpleGrid
          cols={{ base: 2, xs: 3, sm: 4 }}
          spacing="sm"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`${label}: ${attachments.items.length} chosen`}
        >
          {attachments.items.map((p) => (
            <Box component="li" key={p.key} pos="relative">
              <Image
                src={p.src}
                alt={p.name}
                h={110}
                radius="md"
                fit="cover"
                style={{ border: '1px solid var(--mantine-color-default-border)' }}
              />
              <ActionIcon
                pos="absolute"
                top={6}
                right={6}
                color="red"
                variant="filled"
                radius="xl"
                size="md"
                aria-label={`Remove ${p.name}`}
                onClick={() => attachments.remove(p.key)}
                disabled={disabled}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
              <Text size="xs" c="dimmed" truncate mt={2} title={p.name}>
                {p.entry === undefined ? p.name : `${p.name}${p.file ? ' (uploaded)' : ''}`}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
