import { Button, Card, Stack } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One record of a list (an `li` of a <CardGrid> or of a list of its own), named for assistive
 * technology, with 'View Details' at its foot when the record has a page of its own.
 */
export function RecordCard({
  label,
  detailsTo,
  media,
  children,
}: {
  /** The card's name: who and when ('Maya Silva, 13 Jun 2026'). */
  label: string;
  /** The record's page. */
  detailsTo?: string;
  /** A picture across the card's top (an activity's photo). */
  media?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={label}>
      {media && <Card.Section mb="sm">{media}</Card.Section>}
      <Stack gap="sm" h="100%">
        {children}
        {detailsTo && (
          <Button
            component={Link}
            to={detailsTo}
            variant="light"
            fullWidth
            mt="auto"
            rightSection={<IconChevronRight size={16} aria-hidden />}
          >
            View Details
          </Button>
        )}
      </Stack>
    </Card>
  );
}
