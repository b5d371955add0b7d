import { MEASUREMENT_LIMITS, MEASUREMENT_MESSAGES, type MeasurementPosition } from '@csp/contracts';
import { Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { KeptRecordNotice, KeptRecordPage } from '../../../components/KeptRecord.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { FormActions, FormPage } from '../../../components/FormLayout.tsx';
import { AttachmentDropzone, useAttachments } from '../../../components/AttachmentDropzone.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { keptItem, keptValues, useKeptEdit, type KeptRecord } from '../../../lib/outbox-edit.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { personName } from '../../../lib/person-name.ts';
import { recordLabel, useSave } from '../../../lib/save.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useStudentQuery } from '../../students/api/students.api.ts';
import { StudentPicker } from '../../students/components/StudentPicker.tsx';
import { measurementsApi, useCreateMeasurementMutation } from '../api/measurements.api.ts';
import {
  emptyMeasurementValues,
  MEASUREMENT_FAILURE,
  POSITION_LABELS,
  suggestedPosition,
  toCreateMeasurementBody,
  validateMeasurement,
  type MeasurementFormValues,
} from '../measurement-form.ts';

const L = MEASUREMENT_LIMITS;
const TITLE = 'Record Measurement';

function MeasurementForm({ kept }: { kept: KeptRecord }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const today = useOrgToday();
  const photos = useAttachments();
  const form = useForm<MeasurementFormValues>({
    initialValues: keptValues(keptItem(kept), emptyMeasurementValues(today, params.get('studentId') ?? '')),
    validate: (values) => validateMeasurement(values, today),
  });
  const edit = useKeptEdit(keptItem(kept), form, { replace: photos.replace, field: 'photos' });
  const draft = useFormDraft(edit.draftName(`measurement:${params.get('studentId') ?? ''}`), form);
  const values = form.getValues();
  const studentProps = form.getInputProps('studentId');
  const dateProps = form.getInputProps('date');
  // The chosen student's age suggests the position (lying under 2 years) until one is chosen by hand.
  const student = useStudentQuery(values.studentId, { enabled: Boolean(values.studentId) });
  const suggested = suggestedPosition(
    student.data?.id === values.studentId ? student.data : undefined,
    values.date,
    today,
  );
  const position = values.position || suggested;

  const save = useSave({
    mutation: useCreateMeasurementMutation(),
    attachments: { items: photos, upload: measurementsApi.uploadPhoto },
    failureText: (error) => getErrorMessage(error, MEASUREMENT_FAILURE),
    onSaved: (measurement) => {
      draft.clear();
      toastSuccess(MEASUREMENT_MESSAGES.created);
      // The new measurement's page shows its growth scores and any classification at once.
      navigate(`/measurements/${measurement.id}`);
    },
    offline: {
      ...edit.offline,
      kind: 'measurement',
      label: (body) =>
        recordLabel(student.data?.id === body.studentId ? personName(student.data) : undefined, body.date),
      path: '/measurements',
      filesField: 'photos',
      onKept: () => {
        draft.clear();
        navigate(edit.backTo('/measurements'));
      },
    },
  });
  const submit = (v: MeasurementFormValues) =>
    save.submit((entries) => toCreateMeasurementBody({ ...v, position: v.position || suggested }, entries));

  const figure = {
    min: 0,
    step: 0.1,
    decimalScale: 1,
    allowNegative: false,
    clampBehavior: 'none' as const,
    withAsterisk: true,
  };

  return (
    <FormPage title={TITLE} backTo="/measurements" backLabel="Back to Measurements">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="lg">
          <KeptRecordNotice kept={kept} />
          <DraftNotice draft={draft} photos />
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <StudentPicker
                teacherId={me.role === 'TEACHER' ? me.id : undefined}
                withAsterisk
                value={values.studentId}
                onChange={(id) => form.setValues({ studentId: id, position: '' })}
                error={studentProps.error}
                onBlur={studentProps.onBlur}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
                <NumberInput
                  label="Height (cm)"
                  placeholder="e.g. 98.5"
                  description={`${L.minHeightCm}–${L.maxHeightCm} cm`}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...figure}
                  {...form.getInputProps('height')}
                />
                <NumberInput
                  label="Weight (kg)"
                  placeholder="e.g. 14.2"
                  description={`${L.minWeightKg}–${L.maxWeightKg} kg`}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...figure}
                  {...form.getInputProps('weight')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
                <DateField
                  label="Measurement date"
                  withAsterisk
                  maxDate={today}
                  value={values.date}
                  onChange={(v) => form.setFieldValue('date', v)}
                  error={dateProps.error}
                  onBlur={dateProps.onBlur}
                  onFocus={dateProps.onFocus}
                />
                <Radio.Group
                  label="Position"
                  description="Lying (length) under 2 years, standing (height) from 2 years"
                  value={position}
                  onChange={(v) => form.setFieldValue('position', v as MeasurementPosition)}
                >
                  <Group gap="lg" mt={6}>
                    {(Object.keys(POSITION_LABELS) as MeasurementPosition[]).map((p) => (
                      <Radio key={p} value={p} label={POSITION_LABELS[p]} />
                    ))}
                  </Group>
                </Radio.Group>
              </SimpleGrid>
              <Textarea
                label="Notes"
                placeholder="Anything worth knowing about this measurement"
                autosize
                minRows={3}
                maxRows={8}
                maxLength={L.notesMaxLength}
                {...form.getInputProps('notes')}
              />
              <AttachmentDropzone
                label="Photos"
                attachments={photos}
                max={L.maxPhotos}
                tooManyMessage={MEASUREMENT_MESSAGES.tooManyPhotos}
                disabled={save.busy}
              />
            </Stack>
          </Paper>
          <FormActions cancelTo={edit.backTo('/measurements')} onCancel={draft.clear} busy={save.busy}>
            {save.buttonText('Save Measurement')}
          </FormActions>
        </Stack>
      </form>
    </FormPage>
  );
}

/**
 * /measurements/create (spec part 1 §2, §5 "Create measurement", §8 "Measurements"); with `?outbox=`, a
 * measurement kept on the phone and not sent yet, to change (decision 0038).
 */
export function CreateMeasurementPage() {
  return (
    <KeptRecordPage kind="measurement" title={TITLE}>
      {(kept) => <MeasurementForm kept={kept} />}
    </KeptRecordPage>
  );
}
