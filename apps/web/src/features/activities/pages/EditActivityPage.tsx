import { ACTIVITY_MESSAGES, type Activity } from '@csp/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { EditConflictNotice } from '../../../components/EditConflictNotice.tsx';
import { useEditedVersion } from '../../../lib/edit-conflicts.ts';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { usePhotoItems } from '../../../components/PhotoDropzone.tsx';
import { storedPhotoItems } from '../../../lib/photo-items.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../auth/auth-context.ts';
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
  isActivityMissing,
  useActivityQuery,
  useUpdateActivityMutation,
} from '../api/activities.api.ts';
import { ActivityLoadFailure, ActivityNotFound, NotForYou } from '../components/ActivityBits.tsx';
import { ActivityFormFields } from '../components/ActivityFormFields.tsx';
import { useOrgToday } from '../../organisation/api/organisation.api.ts';

const TITLE = 'Edit Activity';

function EditActivityForm({ activity }: { activity: Activity }) {
  const navigate = useNavigate();
  const today = useOrgToday();
  const update = useUpdateActivityMutation(activity.id);
  const photos = usePhotoItems(storedPhotoItems(activity.photos));
  const [uploading, setUploading] = useState(false);
  const busy = uploading || update.isPending;
  const form = useForm<ActivityFormValues>({
    initialValues: editActivityValues(activity),
    validate: (values) => validateEditActivity(values, today),
  });
  const back = `/activities/${activity.id}`;
  const saved = () => {
    draft.clear();
    toastSuccess(ACTIVITY_MESSAGES.updated);
    navigate(back);
  };
  const edits = useEditedVersion({
    record: activity,
    form,
    valuesOf: editActivityValues,
    source: { queryKey: activityKeys.detail(activity.id), fetch: () => activitiesApi.get(activity.id) },
    onSaved: saved,
    photos: { of: (a) => storedPhotoItems(a.photos), list: photos },
  });
  // Kept with the version its edits are made over; over a newer one it comes back merged (decision 0025).
  const draft = useFormDraft(`activity-edit:${activity.id}`, form, edits.version);

  const submit = async (values: ActivityFormValues) => {
    let entries: string[];
    setUploading(true);
    try {
      entries = await photos.uploadPending(activitiesApi.uploadPhoto);
    } catch (error) {
      toastError(activityErrorText(error, ACTIVITY_FAILURES.update));
      return;
    } finally {
      setUploading(false);
    }
    update.mutate(
      { ...toUpdateActivityBody(values, entries), updatedAt: edits.version },
      {
        onSuccess: saved,
        onError: async (error) => {
          if (!(await edits.saveFailed(error)))
            toastError(activityErrorText(error, ACTIVITY_FAILURES.update));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="lg">
        <DraftNotice draft={draft} photos />
        <ActivityFormFields
          form={form}
          photos={photos}
          today={today}
          busy={busy}
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
          <Button type="submit" disabled={busy}>
            {uploading ? 'Uploading photos...' : update.isPending ? 'Saving...' : 'Save Changes'}
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
  const query = useActivityQuery(id);
  if (query.isPending) return <PageLoader label="Loading activity" />;
  if (query.isError) {
    if (isActivityMissing(query.error)) return <ActivityNotFound title={TITLE} />;
    return <ActivityLoadFailure title={TITLE} error={query.error} onRetry={() => query.refetch()} />;
  }
  if (!canChangeActivity(query.data, me)) {
    return <NotForYou title={TITLE}>{ACTIVITY_MESSAGES.editOwn}.</NotForYou>;
  }
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={6}>
        <BackLink to={`/activities/${id}`}>Back to Activity</BackLink>
        <PageTitle>{TITLE}</PageTitle>
      </Stack>
      <EditActivityForm activity={query.data} />
    </Stack>
  );
}
