import { HOME_VISIT_MESSAGES } from '@csp/contracts';
import { Badge, Button } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailurePage, NotFoundPage, PageMessage } from '../../../components/PageStates.tsx';
import { statusColor, statusLabel } from '../home-visit-display.ts';

/** Approved, Pending Review, Rejected or Unknown (spec part 2 §2.2). */
export function VisitStatusBadge({ status, size }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge variant="light" color={statusColor(status)} size={size}>
      {statusLabel(status)}
    </Badge>
  );
}

/** 'Location Warning': the visit was recorded farther from home than allowed. */
export function LocationWarningBadge({ size }: { size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      variant="light"
      color="orange"
      size={size}
      leftSection={<IconAlertTriangle size={12} aria-hidden />}
    >
      Location Warning
    </Badge>
  );
}

/** A missing (or someone else's) visit: 'Home visit not found' and 'Back to Home Visits'. */
export function VisitNotFound({ title }: { title: string }) {
  return (
    <NotFoundPage
      title={title}
      message={HOME_VISIT_MESSAGES.notFound}
      backTo="/home-visits"
      backLabel="Back to Home Visits"
    />
  );
}

/** A load failure other than a missing visit, with a retry. */
export const VisitLoadFailure = LoadFailurePage;

/** A page this person may not use, with a way back. */
export function NotForYou({
  title,
  children,
  backTo = '/home-visits',
  backLabel = 'Back to Home Visits',
}: {
  title: string;
  children: ReactNode;
  backTo?: string;
  backLabel?: string;
}) {
  return (
    <PageMessage
      title={title}
      icon={IconLock}
      action={
        <Button component={Link} to={backTo} variant="light">
          {backLabel}
        </Button>
      }
    >
      {children}
    </PageMessage>
  );
}
