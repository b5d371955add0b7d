import {
  LEAVE_LIMITS,
  LEAVE_MESSAGES,
  LEAVE_TYPES,
  LEAVE_TYPE_LABELS,
  leaveApplyFormSchema,
  type LeaveApplyFormValues,
  type LeaveType,
} from '@csp/contracts';
import { Button, Grid, Group, List, Paper, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { KeptRecordNotice, KeptRecordPage } from '../../../components/KeptRecord.tsx';
import { ForbiddenPage } from '../../../components/PageStates.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { DetailPanel } from '../../../components/RecordLayout.tsx';
import { getErrorMessage, serverMessage } from '../../../lib/api.ts';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { keptItem, keptValues, useKeptEdit, type KeptRecord } from '../../../lib/outbox-edit.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { recordLabel, useSave } from '../../../lib/save.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import { useApplyLeaveMutation } from '../api/leaves.api.ts';
import { applySummary, daysText, toApplyBody } from '../leave-display.ts';

const TITLE = 'Apply for Leave';

/** Spec part 2 §2.4: the guidelines beside the form. */
const GUIDELINES = [
  `Apply at least ${LEAVE_LIMITS.advanceDays} days in advance whenever possible.`,
  'Emergency leave may be applied for retroactively, with supporting documentation.',
  'All leave applications need an administrator’s approval.',
  'You will get an email and an in-app notification about the decision.',
  'Hand over your responsibilities (students, visits, activities) before your leave starts.',
];

function ApplyLeaveForm({ kept }: { kept: KeptRecord }) {
  const navigate = useNavigate();
  const today = useOrgToday();
  const form = useForm<LeaveApplyFormValues>({
    initialValues: keptValues<LeaveApplyFormValues>(keptItem(kept), {
      leaveType: 'SINGLE_DAY',
      startDate: '',
      endDate: '',
      reason: '',
    }),
    validate: schemaResolver(leaveApplyFormSchema(today)),
  });
  const edit = useKeptEdit(keptItem(kept), form);
  const draft = useFormDraft(edit.draftName('leave'), form);
  const values = form.getValues();
  const single = values.leaveType === 'SINGLE_DAY';
  const summary = applySummary(values);
  /** The calendars offer today and later (spec §5); a typed earlier day gets the form's message. */
  const beforeToday = (date: string) => date.slice(0, 10) < today;

  const save = useSave({
    mutation: useApplyLeaveMutation(),
    failureText: (error) => getErrorMessage(error, LEAVE_MESSAGES.submitFailed),
    onSaved: () => {
      draft.clear();
      toastSuccess(LEAVE_MESSAGES.submitted);
      navigate('/leaves');
    },
    // The server's date refusals are shown on their fields too, and toasted.
    onFailed: (error) => {
      const message = serverMessage(error);
      if (message === LEAVE_MESSAGES.inPast) form.setFieldError('startDate', message);
      if (message === LEAVE_MESSAGES.endBeforeStart) form.setFieldError('endDate', message);
      return false;
    },
    offline: {
      ...edit.offline,
      kind: 'leave',
      label: (body) => recordLabel('Leave', body.startDate, body.endDate),
      path: '/leaves/apply',
      onKept: () => {
        draft.clear();
        navigate(edit.backTo('/leaves'));
      },
    },
  });
  const submit = (v: LeaveApplyFormValues) => save.submit(() => toApplyBody(v));

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <form noValidate onSubmit={form.onSubmit(submit)}>
            <Stack gap="md">
              <KeptRecordNotice kept={kept} />
              <DraftNotice draft={draft} />
              <Radio.Group
                label="Leave type"
                withAsterisk
                {...form.getInputProps('leaveType')}
                onChange={(value) => {
                  form.setFieldValue('leaveType', value as LeaveType);
                  form.clearFieldError('endDate');
                }}
              >
                <Group gap="lg" mt={6}>
                  {LEAVE_TYPES.map((type) => (
                    <Radio key={type} value={type} label={LEAVE_TYPE_LABELS[type]} />
                  ))}
                </Group>
              </Radio.Group>
              <SimpleGrid cols={{ base: 1, xs: single ? 1 : 2 }} spacing="md">
                <DateField
                  label={single ? 'Leave date' : 'Start date'}
                  placeholder="Pick a date"
                  withAsterisk
                  excludeDate={beforeToday}
                  {...form.getInputProps('startDate')}
                  value={values.startDate}
                  onChange={(v) => form.setFieldValue('startDate', v)}
                />
                {!single && (
                  <DateField
                    label="End date"
                    placeholder="Pick a date"
                    withAsterisk
                    excludeDate={beforeToday}
                    {...form.getInputProps('endDate')}
                    value={values.endDate}
                    onChange={(v) => form.setFieldValue('endDate', v)}
                  />
                )}
              </SimpleGrid>
              <Textarea
                label="Reason"
                placeholder="Why you need the leave"
                withAsterisk
                autosize
                minRows={4}
                maxRows={10}
                maxLength={LEAVE_LIMITS.reasonMaxLength}
                {...form.getInputProps('reason')}
              />
              <Group justify="flex-end" gap="sm">
                <Button component={Link} to={edit.backTo('/leaves')} variant="default" onClick={draft.clear}>
                  Cancel
                </Button>
                <Button type="submit" disabled={save.busy}>
                  {save.buttonText('Submit Application', { saving: 'Submitting...' })}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="lg">
          <DetailPanel title="Leave Summary">
            <SimpleGrid cols={{ base: 1, xs: 3, md: 1 }} spacing="sm" verticalSpacing="sm">
              <DetailItem label="Type">{summary.type}</DetailItem>
              <DetailItem label="Dates" fallback="Not chosen yet">
                {summary.dates}
              </DetailItem>
              <DetailItem label="Number of days">
                {summary.days === null ? '' : daysText(summary.days)}
              </DetailItem>
            </SimpleGrid>
          </DetailPanel>
          <DetailPanel title="Guidelines">
            <List
              size="sm"
              spacing={6}
              icon={<IconInfoCircle size={16} color="var(--mantine-color-teal-text)" aria-hidden />}
              styles={{ itemWrapper: { alignItems: 'flex-start' }, itemIcon: { marginTop: 2 } }}
            >
              {GUIDELINES.map((g) => (
                <List.Item key={g}>{g}</List.Item>
              ))}
            </List>
          </DetailPanel>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** /leaves/apply (spec part 2 §2.4 "Apply for leave", §5 "Leave apply", §8): teachers only. */
export function ApplyLeavePage() {
  const me = useCurrentUser();
  if (me.role !== 'TEACHER') {
    return (
      <ForbiddenPage title={TITLE} backTo="/leaves" backLabel="Back to Leaves">
        {LEAVE_MESSAGES.onlyTeachersApply}.
      </ForbiddenPage>
    );
  }
  return (
    <KeptRecordPage kind="leave" title={TITLE}>
      {(kept) => (
        <Stack gap="lg" maw={1100}>
          <Stack gap={6}>
            <BackLink to="/leaves">Back to Leaves</BackLink>
            <PageTitle>{TITLE}</PageTitle>
            <Text c="dimmed" size="sm">
              Choose the day or days, say why, and send the application for approval.
            </Text>
          </Stack>
          <ApplyLeaveForm kept={kept} />
        </Stack>
      )}
    </KeptRecordPage>
  );
}
