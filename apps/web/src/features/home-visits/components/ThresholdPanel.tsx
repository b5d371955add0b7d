import { DISTANCE_THRESHOLD, HOME_VISIT_MESSAGES } from '@csp/contracts';
import { Button, Group, NumberInput, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useSettingsQuery, useUpdateThresholdMutation } from '../../../lib/settings.ts';
import { isValidThreshold, visitErrorText } from '../home-visit-form.ts';

const { min, max } = DISTANCE_THRESHOLD;

function ThresholdForm({ current, onClose }: { current: number; onClose: () => void }) {
  const [value, setValue] = useState<number | string>(current);
  const save = useUpdateThresholdMutation();
  const valid = isValidThreshold(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    save.mutate(Number(value), {
      onSuccess: () => {
        toastSuccess(HOME_VISIT_MESSAGES.thresholdUpdated);
        onClose();
      },
      onError: (error) => toastError(visitErrorText(error, HOME_VISIT_MESSAGES.thresholdFailed)),
    });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <NumberInput
          label="Distance threshold (metres)"
          description={`From ${min} m to ${max} m`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={min}
          max={max}
          step={5}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          suffix=" m"
          value={value}
          onChange={setValue}
          error={valid ? undefined : HOME_VISIT_MESSAGES.thresholdRange}
          maw={320}
        />
        <Group gap="sm">
          <Button type="submit" disabled={!valid || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Auto-Approval Distance Threshold panel (spec part 2 §2.2, §5): visits recorded within this distance
 * of the student's home are approved at once; 10 to 500 m, Save disabled outside that range.
 */
export function ThresholdPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const settings = useSettingsQuery();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id={id}>
            Auto-Approval Distance Threshold
          </Title>
          <Text size="sm" c="dimmed">
            Visits recorded within this distance of the student&apos;s home are approved automatically; the
            others wait here for review.
          </Text>
        </div>
        {settings.isPending ? (
          <Skeleton height={60} maw={320} />
        ) : (
          <ThresholdForm
            current={settings.data?.homeVisitDistanceThreshold ?? DISTANCE_THRESHOLD.default}
            onClose={onClose}
          />
        )}
      </Stack>
    </Paper>
  );
}
