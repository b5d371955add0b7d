import { CATEGORY_LABELS, type StudentCategory } from '@csp/contracts';
import { Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';

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
      <RetryPanel error={error} onRetry={onRetry} />
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
