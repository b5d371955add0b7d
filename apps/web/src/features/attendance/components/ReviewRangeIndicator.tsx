import type { Attendance } from '@csp/contracts';
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHelpCircle } from '@tabler/icons-react';
import { rangeIndicator } from '../attendance-display.ts';

const ICONS = { green: IconCircleCheck, red: IconAlertTriangle, gray: IconHelpCircle } as const;

/**
 * Where the check-in was against the office (spec §2.9): 'Within range' (green), the distance ('11.1 km
 * from office', red) or 'Not validated' (grey), as an icon and words that wrap rather than being cut.
 */
export function ReviewRangeIndicator({
  record,
}: {
  record: Pick<Attendance, 'isWithinOfficeRange' | 'distanceFromOffice'>;
}) {
  const { label, color } = rangeIndicator(record);
  const RangeIcon = ICONS[color as keyof typeof ICONS] ?? IconHelpCircle;
  // Green words on white fall short of 4.5:1 contrast: the icon carries the green, the words stay dark.
  const textColor = color === 'gray' ? 'dimmed' : color === 'red' ? 'red.9' : undefined;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-color={color}>
      <RangeIcon
        size={18}
        stroke={1.8}
        color={`var(--mantine-color-${color}-${color === 'gray' ? 6 : 7})`}
        style={{ flexShrink: 0, marginTop: 1 }}
        aria-hidden
      />
      <Text span size="sm" fw={600} c={textColor}>
        {label}
      </Text>
    </Group>
  );
}
