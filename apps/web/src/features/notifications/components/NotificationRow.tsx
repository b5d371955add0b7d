import {
  knownNotificationType,
  NOTIFICATION_TYPE_LABELS,
  type KnownNotificationType,
  type Notification,
} from '@csp/contracts';
import { ActionIcon, Badge, Box, Checkbox, Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconGift,
  IconHome,
  IconInfoCircle,
  IconRuler2,
  IconTrash,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatRelative } from '../../../lib/relative-time.ts';

const TYPE_LOOK: Record<KnownNotificationType, { icon: Icon; color: string }> = {
  GIFT_ASSIGNMENT: { icon: IconGift, color: 'pink' },
  MEASUREMENT_REMINDER: { icon: IconRuler2, color: 'blue' },
  HOME_VISIT_REMINDER: { icon: IconHome, color: 'orange' },
  student_assigned: { icon: IconUserPlus, color: 'teal' },
  GENERAL: { icon: IconInfoCircle, color: 'gray' },
};

/** One of a row's icon buttons: its tooltip, its name for assistive technology, and what it does. */
function RowAction({
  tip,
  label,
  color,
  icon: ActionIconGlyph,
  onClick,
  disabled,
}: {
  tip: string;
  label: string;
  color: string;
  icon: Icon;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <Tooltip label={tip} withArrow>
      <ActionIcon
        variant="subtle"
        color={color}
        size="lg"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
      >
        <ActionIconGlyph size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

interface NotificationRowProps {
  notification: Notification;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onMarkRead: () => void;
  onDelete: () => void;
  /** This row's own call is running. */
  busy: boolean;
}

/** One inbox entry: icon by type, title, message, time, 'New' when unread, and its actions. */
export function NotificationRow({
  notification: n,
  selected,
  onSelectedChange,
  onMarkRead,
  onDelete,
  busy,
}: NotificationRowProps) {
  const type = knownNotificationType(n.type);
  const { icon: TypeIcon, color } = TYPE_LOOK[type];
  const unread = !n.isRead;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'sm' }}
      aria-label={n.title}
      data-unread={unread || undefined}
      bg={unread ? 'var(--mantine-color-teal-light)' : undefined}
      style={{
        listStyle: 'none',
        ...(unread ? { borderLeft: '4px solid var(--mantine-color-teal-6)' } : {}),
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Checkbox
          mt={4}
          checked={selected}
          onChange={(e) => onSelectedChange(e.currentTarget.checked)}
          aria-label={`Select notification: ${n.title}`}
        />
        <ThemeIcon size={36} radius="xl" variant="light" color={color} visibleFrom="xs" aria-hidden>
          <TypeIcon size={20} stroke={1.7} />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap" align="center">
            <ThemeIcon size={22} radius="xl" variant="light" color={color} hiddenFrom="xs" aria-hidden>
              <TypeIcon size={14} stroke={1.8} />
            </ThemeIcon>
            <Text fw={unread ? 700 : 500} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {n.title}
            </Text>
            {unread && (
              <Badge size="xs" color="red" variant="filled">
                New
              </Badge>
            )}
          </Group>
          <Text size="sm" c={unread ? undefined : 'dimmed'} mt={2} style={{ overflowWrap: 'anywhere' }}>
            {n.message}
          </Text>
          <Group justify="space-between" align="center" gap="xs" wrap="nowrap" mt={4}>
            <Text size="xs" c="dimmed">
              {NOTIFICATION_TYPE_LABELS[type]} ·{' '}
              <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
                {formatRelative(n.createdAt)}
              </time>
            </Text>
            <Group gap={4} wrap="nowrap">
              {unread && (
                <RowAction
                  tip="Mark as read"
                  label="Mark as read"
                  color="teal"
                  icon={IconCheck}
                  onClick={onMarkRead}
                  disabled={busy}
                />
              )}
              <RowAction
                tip="Delete"
                label="Delete notification"
                color="red"
                icon={IconTrash}
                onClick={onDelete}
                disabled={busy}
              />
            </Group>
          </Group>
        </Box>
      </Group>
    </Paper>
  );
}
