import type { GrowthDto } from '@csp/contracts';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { DetailItem } from '../../../components/DetailItem.tsx';
import {
  ageAtMeasurementText,
  flagTexts,
  formatZ,
  hasScores,
  INDICATORS,
  scoreColor,
  Z_SCORE_NOTE,
} from '../growth-display.ts';

/**
 * The four WHO z-scores of a measurement as label and value (two a row on phones, four on wide screens),
 * under a line saying what they mean, then the flags (why a score is missing, or what to check) as
 * dimmed lines. Without any score (a pregnant mother, no sex recorded, over 5 years) only the flags are
 * shown.
 */
export function GrowthScores({ growth }: { growth: GrowthDto }) {
  const flags = flagTexts(growth.flags);
  return (
    <Stack gap="md">
      {hasScores(growth) && (
        <Text size="sm" c="dimmed">
          {Z_SCORE_NOTE}
        </Text>
      )}
      <Stack gap="sm">
        {(hasScores(growth) || flags.length === 0) && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
            {INDICATORS.map(({ key, label }) => (
              <DetailItem key={key} label={label}>
                <Text span fw={700} fz="lg" c={scoreColor(key, growth[key])} style={{ whiteSpace: 'nowrap' }}>
                  {formatZ(growth[key])}
                </Text>
              </DetailItem>
            ))}
          </SimpleGrid>
        )}
        {flags.length > 0 && (
          <Stack
            gap={4}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Notes on the scores"
          >
            {flags.map((text) => (
              <Group key={text} component="li" gap={6} wrap="nowrap" align="flex-start">
                <IconInfoCircle
                  size={16}
                  color="var(--mantine-color-dimmed)"
                  aria-hidden
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
                <Text size="sm" c="dimmed">
                  {text}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** A child's age on the day of a measurement ('1 year 2 months'), '—' when unknown. */
export function AgeAtMeasurement({ ageDays, date }: { ageDays: number | null; date: string }) {
  return ageAtMeasurementText(ageDays, date);
}
