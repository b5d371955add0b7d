import { Anchor, Image, SimpleGrid, Text } from '@mantine/core';

/** The photo evidence of a record: each photo opens full size in a new tab. */
export function PhotoGallery({ photos, subject }: { photos: string[]; subject: string }) {
  if (photos.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No photos were added.
      </Text>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3 }}
      spacing="sm"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Photos"
    >
      {photos.map((src, i) => (
        <li key={src}>
          <Anchor href={src} target="_blank" rel="noopener noreferrer" display="block">
            <Image
              src={src}
              alt={`${subject}, photo ${i + 1} of ${photos.length}`}
              h={{ base: 120, sm: 170 }}
              radius="md"
              fit="cover"
              style={{ border: '1px solid var(--mantine-color-default-border)' }}
            />
          </Anchor>
        </li>
      ))}
    </SimpleGrid>
  );
}
