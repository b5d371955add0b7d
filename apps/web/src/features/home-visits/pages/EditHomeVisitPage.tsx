import { HOME_VISIT_MESSAGES, type HomeVisit } from '@csp/contracts';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAttachments } from '../../../components/AttachmentDropzone.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { EditConflictNotice } from '../../../components/EditConflictNotice.tsx';
import { FormActions, FormPage, LockedField } from '../../../components/FormLayout.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { ForbiddenPage } from '../../../components/PageStates.tsx';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { errorStatus } from '../../../lib/api.ts';
import { storedFileItems } from '../../../lib/attachments.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useRecordEdit } from '../../../lib/record-edit.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import { personName } from '../../../lib/person-name.ts';
import { useSave } from '../../../lib/save.ts';
import {
  homeVisitKeys,
  homeVisitsApi,
  useHomeVisitQuery,
  useUpdateHomeVisitMutation,
} from '../api/home-visits.api.ts';
import { HOME_VISIT_NOT_FOUND } from '../components/HomeVisitBits.tsx';
import { HomeVisitFormFields } from '../components/HomeVisitFormFields.tsx';
import {
  canChangeVisit,
  editVisitValues,
  isReviewed,
  locationOfVisit,
  toUpdateVisitBody,
  validateEditVisit,
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

/** A refused save's toast: someone else's visit (403), else the server's message or the default. */
function saveFailureText(error: unknown): string {
  return visitErrorText(
    error,
    errorStatus(error) === 403 ? HOME_VISIT_MESSAGES.editOwn : HOME_VISIT_MESSAGES.updateFailed,
  );
}

function EditHomeVisitForm({ visit }: { visit: HomeVisit }) {
  const navigate = useNavigate();
  const today = useOrgToday();
  const files = useAttachments(storedFileItems(visit.files));
  const form = useForm<HomeVisitFormValues>({
    initialValues: editVisitValues(visit),
    validate: (values) => validateEditVisit(values, today),
  });
  const back = `/home-visits/${visit.id}`;
  const { edits, draft, saved } = useRecordEdit({
    record: visit,
    form,
    valuesOf: editVisitValues,
    source: { queryKey: homeVisitKeys.detail(visit.id), fetch: () => homeVisitsApi.get(visit.id) },
    photos: { of: (v) => storedFileItems(v.files), list: files },
    draftName: `home-visit-edit:${visit.id}`,
    onSaved: () => {
      toastSuccess(HOME_VISIT_MESSAGES.updated);
      navigate(back);
    },
  });

  const save = useSave({
    mutation: useUpdateHomeVisitMutation(visit.id),
    attachments: { items: files, upload: homeVisitsApi.uploadFile },
    failureText: saveFailureText,
    onSaved: saved,
    // Made over an older version: merged (lib/edit-conflicts.ts). No longer one's own (403): back to the
    // list; reviewed meanwhile (409): back to the visit, which says so.
    onFailed: async (error) => {
      if (await edits.saveFailed(error)) return true;
      const status = errorStatus(error);
      if (status !== 403 && status !== 409) return false;
      toastError(saveFailureText(error));
      if (status === 403) navigate('/home-visits', { replace: true });
      else navigate(back);
      return true;
    },
  });
  const submit = (values: HomeVisitFormValues) =>
    save.submit((entries) => ({
      ...toUpdateVisitBody(values, entries, locationOfVisit(edits.base)),
      updatedAt: edits.version,
    }));

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="lg">
        <DraftNotice draft={draft} photos />
        <HomeVisitFormFields
          form={form}
          files={files}
          today={today}
          busy={save.busy}
          storedLocation
          student={
            <LockedField
              label="Student"
              value={personName(visit.student)}
              description="The student of a visit cannot be changed."
            />
          }
        />
        <EditConflictNotice edits={edits} />
        <FormActions cancelTo={back} onCancel={draft.clear} busy={save.busy}>
          {save.buttonText('Save Changes', { uploading: 'Uploading files...' })}
        </FormActions>
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
  return (
    <RecordPage
      query={useHomeVisitQuery(id)}
      title={TITLE}
      loadingLabel="Loading home visit"
      notFound={HOME_VISIT_NOT_FOUND}
      allowed={(visit) => canChangeVisit(visit, me)}
      forbidden={<LeaveWithMessage message={HOME_VISIT_MESSAGES.editOwn} />}
    >
      {(visit) =>
        isReviewed(visit) ? (
          <ForbiddenPage title={TITLE} backTo={`/home-visits/${visit.id}`} backLabel="Back to Home Visit">
            {HOME_VISIT_MESSAGES.reviewedLocked}.
          </ForbiddenPage>
        ) : (
          <FormPage title={TITLE} backTo={`/home-visits/${id}`} backLabel="Back to Home Visit">
            <EditHomeVisitForm key={visit.id} visit={visit} />
          </FormPage>
        )
      }
    </RecordPage>
  );
}
