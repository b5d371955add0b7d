import { ACTIVITY_MESSAGES, type Activity } from '@csp/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { EditConflictNotice } from '../../../components/EditConflictNotice.tsx';
import { useRecordEdit } from '../../../lib/record-edit.ts';
import { ForbiddenPage } from '../../../components/PageStates.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useAttachments } from '../../../components/AttachmentDropzone.tsx';
import { storedAttachments } from '../../../lib/attachments.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSave } from '../../../lib/save.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import {
  ACTIVITY_FAILURES,
  activityErrorText,
  canChangeActivity,
  editActivityValues,
  toUpdateActivityBody,
  validateEditActivity,
  type ActivityFormValues,
} from '../activity-form.ts';
import {
  activitiesApi,
  activityKeys,
  useActivityQuery,
  useUpdateActivityMutation,
} from '../api/activities.api.ts';
import { ACTIVITIES_WAY_BACK, ACTIVITY_NOT_FOUND } from '../components/ActivityBits.tsx';
import { ActivityFormFields } from '../components/ActivityFormFields.tsx';
import { useOrgToday } from '../../../lib/organisation.ts';

const TITLE = 'Edit Activity';

function EditActivityForm({ activity }: { activity: Activity }) {
  const navigate = useNavigate();
  const today = useOrgToday();
  const photos = useAttachments(storedAttachments(activity.photos));
  const form = useForm<ActivityFormValues>({
    initialValues: editActivityValues(activity),
    validate: (values) => validateEditActivity(values, today),
  });
  const back = `/activities/${activity.id}`;
  const { edits, draft, saved } = useRecordEdit({
    record: activity,
    form,
    valuesOf: editActivityValues,
    source: { queryKey: activityKeys.detail(activity.id), fetch: () => activitiesApi.get(activity.id) },
    photos: { of: (a) => storedAttachments(a.photos), list: photos },
    draftName: `activity-edit:${activity.id}`,
    onSaved: () => {
      toastSuccess(ACTIVITY_MESSAGES.updated);
      navigate(back);
    },
  });

  const save = useSave({
    mutation: useUpdateActivityMutation(activity.id),
    attachments: { items: photos, upload: activitiesApi.uploadPhoto },
    failureText: (error) => activityErrorText(error, ACTIVITY_FAILURES.update),
    onSaved: saved,
    onFailed: edits.saveFailed,
  });
  const submit = (values: ActivityFormValues) =>
    save.submit((entries) => ({ ...toUpdateActivityBody(values, entries), updatedAt: edits.version }));

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="lg">
        <DraftNotice draft={draft} photos />
        <ActivityFormFields
          form={form}
          photos={photos}
          today={today}
          busy={save.busy}
          student={
            <TextInput
              label="Student"
              value={`${activity.student.firstName} ${activity.student.lastName}`}
              readOnly
              rightSection={<IconLock size={16} aria-hidden />}
              description={ACTIVITY_MESSAGES.studentFixed}
              inputWrapperOrder={['label', 'input', 'description']}
              styles={{ input: { background: 'var(--mantine-color-gray-0)' } }}
            />
          }
        />
        <EditConflictNotice edits={edits} />
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={back} variant="default" onClick={draft.clear}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.busy}>
            {save.buttonText('Save Changes')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /activities/{id}/edit (spec part 1 §2, §5 "Edit activity"): the owning teacher only. */
export function EditActivityPage() {
  const { id = '' } = useParams();
  const me = useCurrentUser();
  return (
    <RecordPage
      query={useActivityQuery(id)}
      title={TITLE}
      loadingLabel="Loading activity"
      notFound={ACTIVITY_NOT_FOUND}
      allowed={(activity) => canChangeActivity(activity, me)}
      forbidden={
        <ForbiddenPage title={TITLE} {...ACTIVITIES_WAY_BACK}>
          {ACTIVITY_MESSAGES.editOwn}.
        </ForbiddenPage>
      }
    >
      {(activity) => (
        <Stack gap="lg" maw={860}>
          <Stack gap={6}>
            <BackLink to={`/activities/${id}`}>Back to Activity</BackLink>
            <PageTitle>{TITLE}</PageTitle>
          </Stack>
          <EditActivityForm activity={activity} />
        </Stack>
      )}
    </RecordPage>
  );
}
