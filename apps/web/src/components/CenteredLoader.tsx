import { Center, Loader } from '@mantine/core';

/** A spinner in the middle of the screen (session restore, page loads). */
export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-label={label}>
      <Loader size="lg" />
    </Center>
  );
}
