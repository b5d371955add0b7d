import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useDeferredValue, useId, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One panel of the dashboard (and of the pages that show the same panel in full): a section named by
 * its h2, with an icon and a count beside the title, an action on the right ('View all'), an optional
 * line under it, then its content.
 *
 * A new content (its data arrived) is rendered as a deferred value: React renders it in slices between
 * which the page answers a tap, so panels whose answers arrive together do not block it in one piece.
 */
export function DashboardPanel({
  title,
  icon,
  badge,
  action,
  description,
  children,
}: {
  title: string;
  icon?: ReactNode;
  /** Beside the title: how many there are. */
  badge?: ReactNode;
  /** On the right of the title (a <PanelLink>). */
  action?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  const content = useDeferredValue(children);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {icon}
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            {badge}
          </Group>
          {action}
        </Group>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {content}
      </Stack>
    </Paper>
  );
}

/** A panel's way to the full list ('View all leaves →'). */
export function PanelLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600}>
      <Group gap={4} wrap="nowrap">
        {children}
        <IconArrowRight size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}
