import { Center, Loader } from '@mantine/core';

/** A spinner in the page area while its data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py={64} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
