import { CATEGORY_LABELS, type StudentCategory } from '@csp/contracts';
import { Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage } from '../../../lib/api.ts';

export const CATEGORY_COLORS: Record<StudentCategory, string> = {
  SURVIVAL_PROGRAM: 'pink',
  HOME_BASE: 'orange',
  CENTER_BASE: 'indigo',
};

export function CategoryBadge({ category }: { category: StudentCategory }) {
  return (
    <Badge variant="light" color={CATEGORY_COLORS[category]}>
      {CATEGORY_LABELS[category]}
    </Badge>
  );
}

/** 'Active' or 'Inactive' (spec part 1 §4). */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge variant="light" color={isActive ? 'teal' : 'gray'}>
      {isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}

const VISIT_COLORS: Record<string, string> = { Approved: 'green', Pending: 'yellow', Rejected: 'red' };

export function VisitStatusBadge({ label }: { label: string }) {
  return (
    <Badge variant="dot" color={VISIT_COLORS[label] ?? 'gray'}>
      {label}
    </Badge>
  );
}

/** A spinner in the page area while its data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py={64} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** The small link above a students page that goes back. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" c="dimmed" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

/** A missing (or someone else's) student (spec part 1 §2, §8 "Missing records"). */
export function StudentNotFound({ title, message }: { title: string; message: string }) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="md">
          <Text ta="center">{message}</Text>
          <Button component={Link} to="/students" variant="light">
            Back to Students
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** A load failure other than a missing record, with a retry. */
export function LoadFailure({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <Text ta="center">{getErrorMessage(error)}</Text>
          <Button variant="light" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** A titled block of a form or page. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** A label and its value in an information panel. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
