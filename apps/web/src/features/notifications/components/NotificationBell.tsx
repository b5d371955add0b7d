import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { unreadBadgeText, useNotificationCountsQuery } from '../api/notifications.api.ts';

/**
 * Top-bar bell linking to /notifications, with the unread count (no badge when 0, '99+' above 99),
 * from GET /api/notifications/counts polled every 30 s — never the whole inbox.
 */
export function NotificationBell() {
  const { data } = useNotificationCountsQuery({ silent: true });
  const unread = data?.unread ?? 0;
  return (
    <Indicator
      label={<span data-testid="notifications-unread-badge">{unreadBadgeText(unread)}</span>}
      disabled={unread === 0}
      size={18}
      color="red"
      offset={6}
      withBorder
      fz={10}
      fw={700}
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label="Notifications"
        title={unread ? `Notifications (${unread} unread)` : 'Notifications'}
      >
        <IconBell size={22} stroke={1.6} />
      </ActionIcon>
    </Indicator>
  );
}
