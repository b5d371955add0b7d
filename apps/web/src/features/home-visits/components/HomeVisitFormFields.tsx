import { HOME_VISIT_FILE_ACCEPT, HOME_VISIT_LIMITS, HOME_VISIT_MESSAGES } from '@csp/contracts';
import { NumberInput, Paper, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { DateField } from '../../../components/DateField.tsx';
import {
  AttachmentDropzone,
  type FileRules,
  type useAttachments,
} from '../../../components/AttachmentDropzone.tsx';
import type { HomeVisitFormValues } from '../home-visit-form.ts';
import { LocationCaptureCard } from './LocationCaptureCard.tsx';

const L = HOME_VISIT_LIMITS;

/** Images, PDF and Word documents, several per visit (spec part 2 §2.2, §9 "Uploads"). */
export const HOME_VISIT_FILE_RULES: FileRules = {
  accept: HOME_VISIT_FILE_ACCEPT,
  maxBytes: L.fileMaxBytes,
  wrongType: HOME_VISIT_MESSAGES.fileWrongType,
  tooLarge: HOME_VISIT_MESSAGES.fileTooLarge,
  hint: `Images (JPG, PNG, GIF, WebP), PDF, DOC or DOCX, up to ${L.fileMaxBytes / 1024 / 1024} MB each`,
  noun: 'files',
};

/** Never after today: later days are greyed out in the calendar; a typed one gets the form's message. */
const afterToday = (today: string) => (day: string) => day > today;

/**
 * The fields of the record and edit forms: `student` (the select, or the fixed student on edit), visit
 * date, duration in minutes, notes, the files and the capture-current-location card.
 */
export function HomeVisitFormFields({
  form,
  student,
  files,
  today,
  busy,
  storedLocation,
}: {
  form: UseFormReturnType<HomeVisitFormValues>;
  student: ReactNode;
  files: ReturnType<typeof useAttachments>;
  today: string;
  busy: boolean;
  /** The edit form: the place shown first is the visit's own. */
  storedLocation?: boolean;
}) {
  const dateProps = form.getInputProps('date');
  const values = form.getValues();
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          {student}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <DateField
              label="Visit date"
              withAsterisk
              excludeDate={afterToday(today)}
              value={values.date}
              onChange={(v) => form.setFieldValue('date', v)}
              error={dateProps.error}
              onBlur={dateProps.onBlur}
              onFocus={dateProps.onFocus}
            />
            <NumberInput
              label="Duration (minutes)"
              withAsterisk
              min={L.minDuration}
              max={L.maxDuration}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('duration')}
            />
          </SimpleGrid>
          <Textarea
            label="Notes"
            placeholder="What you saw and discussed during the visit"
            autosize
            minRows={3}
            maxRows={10}
            maxLength={L.notesMaxLength}
            {...form.getInputProps('notes')}
          />
        </Stack>
      </Paper>

      <LocationCaptureCard
        value={values.location}
        onChange={(location) => form.setFieldValue('location', location)}
        disabled={busy}
        stored={storedLocation}
      />

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <AttachmentDropzone
          label="Photos and documents"
          attachments={files}
          max={L.maxFiles}
          tooManyMessage={HOME_VISIT_MESSAGES.tooManyFiles}
          disabled={busy}
          rules={HOME_VISIT_FILE_RULES}
          layout="list"
        />
      </Paper>
    </Stack>
  );
}
