import { Anchor, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { fileKind, fileSizeText } from '../lib/attachments.ts';
import { FileTypeIcon } from './FileTypeIcon.tsx';

/** A stored file with what the record answers of it (home visits' `files`). */
export interface StoredFile {
  url: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
}

type Shown = { url: string; name?: string; mimeType?: string; sizeBytes?: number };

/**
 * The attachments of a record on its page: images inline (each opens full size in a new tab), documents
 * (PDF, Word) listed with their size and a 'View' link. A record that takes photos only gives their
 * links (`photos`: activities, measurements); one that takes documents too gives its files with their
 * names and types (`files`: home visits).
 */
export function AttachmentGallery(
  props: {
    /** Names the images: 'Visit to Maya Silva', an activity's title. */
    subject: string;
    /** Smaller thumbnails (the review cards). */
    compact?: boolean;
  } & ({ photos: readonly string[] } | { files: readonly StoredFile[] }),
) {
  const { subject, compact } = props;
  const photosOnly = 'photos' in props;
  const all: Shown[] = photosOnly ? props.photos.map((url) => ({ url })) : [...props.files];
  if (all.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {photosOnly ? 'No photos were added.' : 'No files were added.'}
      </Text>
    );
  }
  const isImage = (f: Shown) => photosOnly || fileKind(f.mimeType, f.name) === 'image';
  const images = all.filter(isImage);
  const documents = all.filter((f) => !isImage(f));
  const altOf = (f: Shown, i: number) =>
    photosOnly
      ? `${subject}, photo ${i + 1} of ${images.length}`
      : `${subject}, image ${i + 1} of ${images.length}: ${f.name}`;
  return (
    <Stack gap="sm">
      {images.length > 0 && (
        <SimpleGrid
          cols={compact ? { base: 3, sm: 4 } : { base: 2, sm: 3 }}
          spacing="sm"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={photosOnly ? 'Photos' : 'Images'}
        >
          {images.map((f, i) => (
            <li key={f.url}>
              <Anchor href={f.url} target="_blank" rel="noopener noreferrer" display="block">
                <Image
                  src={f.url}
                  alt={altOf(f, i)}
                  h={compact ? 72 : { base: 120, sm: 170 }}
                  w={compact ? 96 : undefined}
                  radius="md"
                  fit="cover"
                  style={{ border: '1px solid var(--mantine-color-default-border)' }}
                />
              </Anchor>
            </li>
          ))}
        </SimpleGrid>
      )}
      {documents.length > 0 && (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Documents">
          {documents.map((f) => (
            <Paper component="li" key={f.url} withBorder radius="md" p="xs">
              <Group gap="sm" wrap="nowrap">
                <FileTypeIcon kind={fileKind(f.mimeType, f.name)} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" truncate title={f.name}>
                    {f.name}
                  </Text>
                  {f.sizeBytes !== undefined && (
                    <Text size="xs" c="dimmed">
                      {fileSizeText(f.sizeBytes)}
                    </Text>
                  )}
                </div>
                <Anchor
                  href={f.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  fw={600}
                  aria-label={`View ${f.name}`}
                  style={{ flexShrink: 0 }}
                >
                  View
                </Anchor>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
