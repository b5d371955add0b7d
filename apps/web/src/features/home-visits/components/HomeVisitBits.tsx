import { HOME_VISIT_MESSAGES } from '@csp/contracts';
import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A missing (or someone else's) visit: 'Home visit not found' and 'Back to Home Visits'. */
export const HOME_VISIT_NOT_FOUND = {
  message: HOME_VISIT_MESSAGES.notFound,
  backTo: '/home-visits',
  backLabel: 'Back to Home Visits',
};

/** The way back to the list: from the record form, and from a form someone may not use. */
export const HOME_VISITS_WAY_BACK = { backTo: '/home-visits', backLabel: 'Back to Home Visits' };

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
