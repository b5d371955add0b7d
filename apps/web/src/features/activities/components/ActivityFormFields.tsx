import { ACTIVITY_LIMITS, ACTIVITY_MESSAGES } from '@csp/contracts';
import { NumberInput, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { DateField } from '../../../components/DateField.tsx';
import { AttachmentDropzone, type useAttachments } from '../../../components/AttachmentDropzone.tsx';
import type { ActivityFormValues } from '../activity-form.ts';

/** The fields of the create and edit forms; `student` is the picker, or the fixed student on edit. */
export function ActivityFormFields({
  form,
  student,
  photos,
  today,
  busy,
}: {
  form: UseFormReturnType<ActivityFormValues>;
  student: ReactNode;
  photos: ReturnType<typeof useAttachments>;
  today: string;
  busy: boolean;
}) {
  const dateProps = form.getInputProps('date');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <TextInput
          label="Activity title"
          placeholder="e.g. Saturday painting class"
          withAsterisk
          autoComplete="off"
          maxLength={ACTIVITY_LIMITS.titleMaxLength}
          {...form.getInputProps('title')}
        />
        {student}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <DateField
            label="Activity date"
            withAsterisk
            maxDate={today}
            value={form.getValues().date}
            onChange={(v) => form.setFieldValue('date', v)}
            error={dateProps.error}
            onBlur={dateProps.onBlur}
            onFocus={dateProps.onFocus}
          />
          <NumberInput
            label="Duration (minutes)"
            withAsterisk
            min={ACTIVITY_LIMITS.minDuration}
            max={ACTIVITY_LIMITS.maxDuration}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('duration')}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          placeholder="What the children did, what went well"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={ACTIVITY_LIMITS.descriptionMaxLength}
          {...form.getInputProps('description')}
        />
        <AttachmentDropzone
          label="Photos"
          attachments={photos}
          max={ACTIVITY_LIMITS.maxPhotos}
          tooManyMessage={ACTIVITY_MESSAGES.tooManyPhotos}
          disabled={busy}
        />
      </Stack>
    </Paper>
  );
}
