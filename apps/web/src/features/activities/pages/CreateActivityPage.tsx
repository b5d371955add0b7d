import { ACTIVITY_MESSAGES } from '@csp/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { KeptRecordNotice, KeptRecordPage } from '../../../components/KeptRecord.tsx';
import { ForbiddenPage } from '../../../components/PageStates.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useAttachments } from '../../../components/AttachmentDropzone.tsx';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { keptItem, keptValues, useKeptEdit, type KeptRecord } from '../../../lib/outbox-edit.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { recordLabel, useSave } from '../../../lib/save.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { StudentPicker } from '../../students/components/StudentPicker.tsx';
import {
  ACTIVITY_FAILURES,
  activityErrorText,
  emptyActivityValues,
  toCreateActivityBody,
  validateCreateActivity,
  type ActivityFormValues,
} from '../activity-form.ts';
import { activitiesApi, useCreateActivityMutation } from '../api/activities.api.ts';
import { ACTIVITIES_WAY_BACK } from '../components/ActivityBits.tsx';
import { ActivityFormFields } from '../components/ActivityFormFields.tsx';
import { useOrgToday } from '../../../lib/organisation.ts';

const TITLE = 'Record Activity';

function CreateActivityForm({ teacherId, kept }: { teacherId: string; kept: KeptRecord }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const today = useOrgToday();
  const photos = useAttachments();
  const form = useForm<ActivityFormValues>({
    initialValues: keptValues(keptItem(kept), emptyActivityValues(today, params.get('studentId') ?? '')),
    validate: (values) => validateCreateActivity(values, today),
  });
  const edit = useKeptEdit(keptItem(kept), form, { replace: photos.replace, field: 'photos' });
  const draft = useFormDraft(edit.draftName(`activity:${params.get('studentId') ?? ''}`), form);

  const save = useSave({
    mutation: useCreateActivityMutation(),
    attachments: { items: photos, upload: activitiesApi.uploadPhoto },
    failureText: (error) => activityErrorText(error, ACTIVITY_FAILURES.create),
    onSaved: () => {
      draft.clear();
      toastSuccess(ACTIVITY_MESSAGES.created);
      navigate('/activities');
    },
    offline: {
      ...edit.offline,
      kind: 'activity',
      label: (body) => recordLabel(body.title, body.date),
      path: '/activities',
      filesField: 'photos',
      onKept: () => {
        draft.clear();
        navigate(edit.backTo('/activities'));
      },
    },
  });
  const submit = (values: ActivityFormValues) =>
    save.submit((entries) => toCreateActivityBody(values, entries));

  const studentProps = form.getInputProps('studentId');
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="lg">
        <KeptRecordNotice kept={kept} />
        <DraftNotice draft={draft} photos />
        <ActivityFormFields
          form={form}
          photos={photos}
          today={today}
          busy={save.busy}
          student={
            <StudentPicker
              teacherId={teacherId}
              withAsterisk
              value={form.getValues().studentId}
              onChange={(id) => form.setFieldValue('studentId', id)}
              error={studentProps.error}
              onBlur={studentProps.onBlur}
            />
          }
        />
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={edit.backTo('/activities')} variant="default" onClick={draft.clear}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.busy}>
            {save.buttonText('Save Activity')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /activities/create (spec part 1 §2, §5 "Create activity", §8 "Activities"): teachers only. */
export function CreateActivityPage() {
  const me = useCurrentUser();
  if (me.role !== 'TEACHER') {
    return (
      <ForbiddenPage title={TITLE} {...ACTIVITIES_WAY_BACK}>
        {ACTIVITY_MESSAGES.onlyTeachersRecord}.
      </ForbiddenPage>
    );
  }
  return (
    <KeptRecordPage kind="activity" title={TITLE}>
      {(kept) => (
        <Stack gap="lg" maw={860}>
          <Stack gap={6}>
            <BackLink to="/activities">Back to Activities</BackLink>
            <PageTitle>{TITLE}</PageTitle>
          </Stack>
          <CreateActivityForm teacherId={me.id} kept={kept} />
        </Stack>
      )}
    </KeptRecordPage>
  );
}
