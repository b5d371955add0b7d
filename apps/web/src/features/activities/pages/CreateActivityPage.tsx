import { ACTIVITY_MESSAGES } from '@csp/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { usePhotoItems } from '../../../components/PhotoDropzone.tsx';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../auth/auth-context.ts';
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
import { NotForYou } from '../components/ActivityBits.tsx';
import { ActivityFormFields } from '../components/ActivityFormFields.tsx';
import { useOrgToday } from '../../organisation/api/organisation.api.ts';

const TITLE = 'Record Activity';

function CreateActivityForm({ teacherId }: { teacherId: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const today = useOrgToday();
  const create = useCreateActivityMutation();
  const photos = usePhotoItems();
  const [uploading, setUploading] = useState(false);
  const busy = uploading || create.isPending;
  const form = useForm<ActivityFormValues>({
    initialValues: emptyActivityValues(today, params.get('studentId') ?? ''),
    validate: (values) => validateCreateActivity(values, today),
  });
  const draft = useFormDraft(`activity:${params.get('studentId') ?? ''}`, form);

  const submit = async (values: ActivityFormValues) => {
    let entries: string[];
    setUploading(true);
    try {
      entries = await photos.uploadPending(activitiesApi.uploadPhoto);
    } catch (error) {
      toastError(activityErrorText(error, ACTIVITY_FAILURES.create));
      return;
    } finally {
      setUploading(false);
    }
    create.mutate(toCreateActivityBody(values, entries), {
      onSuccess: () => {
        draft.clear();
        toastSuccess(ACTIVITY_MESSAGES.created);
        navigate('/activities');
      },
      onError: (error) => toastError(activityErrorText(error, ACTIVITY_FAILURES.create)),
    });
  };

  const studentProps = form.getInputProps('studentId');
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
          <Button component={Link} to="/activities" variant="default" onClick={draft.clear}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {uploading ? 'Uploading photos...' : create.isPending ? 'Saving...' : 'Save Activity'}
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
    return <NotForYou title={TITLE}>{ACTIVITY_MESSAGES.onlyTeachersRecord}.</NotForYou>;
  }
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={6}>
        <BackLink to="/activities">Back to Activities</BackLink>
        <PageTitle>{TITLE}</PageTitle>
      </Stack>
      <CreateActivityForm teacherId={me.id} />
    </Stack>
  );
}
