import { HOME_VISIT_MESSAGES, type HomeVisit } from '@csp/contracts';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { EditConflictNotice } from '../../../components/EditConflictNotice.tsx';
import { useEditedVersion } from '../../../lib/edit-conflicts.ts';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useAttachments } from '../../../components/AttachmentDropzone.tsx';
import { errorStatus } from '../../../lib/api.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { storedFileItems } from '../../../lib/attachments.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import {
  homeVisitKeys,
  homeVisitsApi,
  isVisitMissing,
  useHomeVisitQuery,
  useUpdateHomeVisitMutation,
} from '../api/home-visits.api.ts';
import { NotForYou, VisitLoadFailure, VisitNotFound } from '../components/HomeVisitBits.tsx';
import { HomeVisitFormFields } from '../components/HomeVisitFormFields.tsx';
import { personName } from '../home-visit-display.ts';
import {
  canChangeVisit,
  editVisitFormSchema,
  editVisitValues,
  isReviewed,
  locationOfVisit,
  toUpdateVisitBody,
  visitErrorText,
  type HomeVisitFormValues,
} from '../home-visit-form.ts';

const TITLE = 'Edit Home Visit';

/**
 * Someone else's visit (spec part 2 §2.2 "Edit home visit"): 'You can only edit your own home visits'
 * and back to the list. The toast is shown once, however often the effect runs.
 */
function LeaveWithMessage({ message }: { message: string }) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toastError(message);
    navigate('/home-visits', { replace: true });
  }, [message, navigate]);
  return <PageLoader label="Leaving the page" />;
}

function EditHomeVisitForm({ visit }: { visit: HomeVisit }) {
  const navigate = useNavigate();
  const today = useOrgToday();
  const update = useUpdateHomeVisitMutation(visit.id);
  const files = useAttachments(storedFileItems(visit.files));
  const [uploading, setUploading] = useState(false);
  const busy = uploading || update.isPending;
  const form = useForm<HomeVisitFormValues>({
    initialValues: editVisitValues(visit),
    validate: schemaResolver(editVisitFormSchema(today)),
  });
  const back = `/home-visits/${visit.id}`;
  const saved = () => {
    draft.clear();
    toastSuccess(HOME_VISIT_MESSAGES.updated);
    navigate(back);
  };
  const edits = useEditedVersion({
    record: visit,
    form,
    valuesOf: editVisitValues,
    source: { queryKey: homeVisitKeys.detail(visit.id), fetch: () => homeVisitsApi.get(visit.id) },
    onSaved: saved,
    photos: { of: (v) => storedFileItems(v.files), list: files },
  });
  // Kept with the version its edits are made over; over a newer one it comes back merged (decision 0025).
  const draft = useFormDraft(`home-visit-edit:${visit.id}`, form, edits.version);

  const failed = (error: unknown) => {
    const status = errorStatus(error);
    if (status === 403) {
      toastError(visitErrorText(error, HOME_VISIT_MESSAGES.editOwn));
      navigate('/home-visits', { replace: true });
      return;
    }
    toastError(visitErrorText(error, HOME_VISIT_MESSAGES.updateFailed));
    if (status === 409) navigate(back);
  };

  const submit = async (values: HomeVisitFormValues) => {
    let entries: string[];
    setUploading(true);
    try {
      entries = await files.uploadPending(homeVisitsApi.uploadFile);
    } catch (error) {
      failed(error);
      return;
    } finally {
      setUploading(false);
    }
    update.mutate(
      { ...toUpdateVisitBody(values, entries, locationOfVisit(edits.base)), updatedAt: edits.version },
      {
        onSuccess: saved,
        onError: async (error) => {
          if (!(await edits.saveFailed(error))) failed(error);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="lg">
        <DraftNotice draft={draft} photos />
        <HomeVisitFormFields
          form={form}
          files={files}
          today={today}
          busy={busy}
          storedLocation
          student={
            <TextInput
              label="Student"
              value={personName(visit.student)}
              readOnly
              rightSection={<IconLock size={16} aria-hidden />}
              description="The student of a visit cannot be changed."
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
            {uploading ? 'Uploading files...' : update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /home-visits/{id}/edit (spec part 2 §2.2 "Edit home visit", §5): date, duration (1 to 480), notes,
 * files and an update-location action, for the teacher who recorded the visit. Anyone else is sent back
 * to the list with 'You can only edit your own home visits' (so is a 403 from the server).
 */
export function EditHomeVisitPage() {
  const { id = '' } = useParams();
  const me = useCurrentUser();
  const query = useHomeVisitQuery(id);
  if (query.isPending) return <PageLoader label="Loading home visit" />;
  if (query.isError) {
    if (isVisitMissing(query.error)) return <VisitNotFound title={TITLE} />;
    if (errorStatus(query.error) === 403) return <LeaveWithMessage message={HOME_VISIT_MESSAGES.editOwn} />;
    return <VisitLoadFailure title={TITLE} error={query.error} onRetry={() => query.refetch()} />;
  }
  const visit = query.data;
  if (!canChangeVisit(visit, me)) return <LeaveWithMessage message={HOME_VISIT_MESSAGES.editOwn} />;
  if (isReviewed(visit)) {
    return (
      <NotForYou title={TITLE} backTo={`/home-visits/${visit.id}`} backLabel="Back to Home Visit">
        {HOME_VISIT_MESSAGES.reviewedLocked}.
      </NotForYou>
    );
  }
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={6}>
        <BackLink to={`/home-visits/${id}`}>Back to Home Visit</BackLink>
        <PageTitle>{TITLE}</PageTitle>
      </Stack>
      <EditHomeVisitForm key={visit.id} visit={visit} />
    </Stack>
  );
}
