import { CATEGORY_LABELS, type StudentCategory } from '@csp/contracts';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A missing, deleted or out-of-scope student (spec part 1 §2 "Students"). */
export const STUDENT_NOT_FOUND = {
  message: 'Student not found.',
  backTo: '/students',
  backLabel: 'Back to Students',
};

/** The edit page's text has no full stop (spec part 1 §2). */
export const EDIT_STUDENT_NOT_FOUND = { ...STUDENT_NOT_FOUND, message: 'Student not found' };

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
