import type { HomeVisitFile } from '@csp/contracts';
import { Anchor, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { FileTypeIcon } from '../../../components/FileTypeIcon.tsx';
import { fileKind, fileSizeText } from '../../../lib/attachments.ts';

/**
 * A visit's file documentation (spec part 2 §2.2): images shown inline (each opens full size), PDF and
 * Word files listed with a 'View' link.
 */
export function VisitFiles({
  files,
  subject,
  compact,
}: {
  files: HomeVisitFile[];
  /** Names the images: 'Visit to Maya Silva'. */
  subject: string;
  /** Smaller thumbnails (review cards). */
  compact?: boolean;
}) {
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No files were added.
      </Text>
    );
  }
  const images = files.filter((f) => fileKind(f.mimeType, f.name) === 'image');
  const documents = files.filter((f) => fileKind(f.mimeType, f.name) !== 'image');
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
          aria-label="Images"
        >
          {images.map((f, i) => (
            <li key={f.url}>
              <Anchor href={f.url} target="_blank" rel="noopener noreferrer" display="block">
                <Image
                  src={f.url}
                  alt={`${subject}, image ${i + 1} of ${images.length}: ${f.name}`}
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
                  <Text size="xs" c="dimmed">
                    {fileSizeText(f.sizeBytes)}
                  </Text>
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
