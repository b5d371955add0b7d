import type { GrowthDto } from '@csp/contracts';
import { Badge, Group, type GroupProps } from '@mantine/core';
import { CLASSIFICATION_COLORS, CLASSIFICATION_LABELS, sortedClassifications } from '../growth-display.ts';

/**
 * A measurement's WHO classifications as badges (severe red, moderate orange, overweight yellow, falling
 * grape), wrapping on narrow screens. Nothing at all when there are none.
 */
export function GrowthBadges({
  growth,
  ...props
}: { growth: Pick<GrowthDto, 'classifications'> } & Omit<GroupProps, 'children'>) {
  const codes = sortedClassifications(growth.classifications);
  if (codes.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" {...props}>
      {codes.map((code) => (
        <Badge key={code} variant="light" color={CLASSIFICATION_COLORS[code]}>
          {CLASSIFICATION_LABELS[code]}
        </Badge>
      ))}
    </Group>
  );
}
