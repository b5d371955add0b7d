import { HOME_VISIT_MESSAGES } from '@csp/contracts';
import { Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { KeptRecordNotice, KeptRecordPage } from '../../../components/KeptRecord.tsx';
import { ForbiddenPage } from '../../../components/PageStates.tsx';
import { FormActions, FormPage } from '../../../components/FormLayout.tsx';
import { useAttachments } from '../../../components/AttachmentDropzone.tsx';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { keptItem, keptValues, useKeptEdit, type KeptRecord } from '../../../lib/outbox-edit.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { recordLabel, useSave } from '../../../lib/save.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import { caseloadParams, useStudentsQuery } from '../../students/api/students.api.ts';
import { homeVisitsApi, useCreateHomeVisitMutation } from '../api/home-visits.api.ts';
import { HOME_VISITS_WAY_BACK } from '../components/HomeVisitBits.tsx';
import { HomeVisitFormFields } from '../components/HomeVisitFormFields.tsx';
import { studentOptions } from '../home-visit-display.ts';
import {
  emptyVisitValues,
  toCreateVisitBody,
  validateCreateVisit,
  visitErrorText,
  type HomeVisitFormValues,
} from '../home-visit-form.ts';

const TITLE = 'Record Home Visit';

function CreateHomeVisitForm({ teacherId, kept }: { teacherId: string; kept: KeptRecord }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const today = useOrgToday();
  const files = useAttachments();
  // The teacher's whole caseload, kept on the phone for the field (offline too), its home-base students offered.
  const students = useStudentsQuery(caseloadParams(teacherId));
  const options = studentOptions(students.data?.items ?? []);
  const form = useForm<HomeVisitFormValues>({
    initialValues: keptValues(keptItem(kept), emptyVisitValues(today, params.get('studentId') ?? '')),
    validate: (values) => validateCreateVisit(values, today),
  });
  const edit = useKeptEdit(keptItem(kept), form, { replace: files.replace, field: 'photos' });
  const draft = useFormDraft(edit.draftName(`home-visit:${params.get('studentId') ?? ''}`), form);

  const save = useSave({
    mutation: useCreateHomeVisitMutation(),
    attachments: { items: files, upload: homeVisitsApi.uploadFile },
    failureText: (error) => visitErrorText(error, HOME_VISIT_MESSAGES.createFailed),
    onSaved: (visit) => {
      draft.clear();
      toastSuccess(HOME_VISIT_MESSAGES.created);
      navigate(`/home-visits/${visit.id}`);
    },
    offline: {
      ...edit.offline,
      kind: 'home-visit',
      label: (body) => recordLabel(options.find((o) => o.value === body.studentId)?.label, body.date),
      path: '/home-visits',
      filesField: 'photos',
      tapField: 'recordedAt',
      onKept: () => {
        draft.clear();
        navigate(edit.backTo('/home-visits'));
      },
    },
  });
  const submit = (values: HomeVisitFormValues) =>
    save.submit((entries) => toCreateVisitBody(values, entries));

  const studentProps = form.getInputProps('studentId');
  const noStudents = students.isSuccess && options.length === 0;
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="lg">
        <KeptRecordNotice kept={kept} />
        <DraftNotice draft={draft} photos />
        <HomeVisitFormFields
          form={form}
          files={files}
          today={today}
          busy={save.busy}
          student={
            <Select
              label="Student"
              placeholder={students.isPending ? 'Loading students...' : 'Select a home-base student'}
              withAsterisk
              searchable
              data={options}
              value={form.getValues().studentId || null}
              onChange={(id) => form.setFieldValue('studentId', id ?? '')}
              error={studentProps.error}
              onBlur={studentProps.onBlur}
              nothingFoundMessage="No students found"
              description={noStudents ? 'You have no home-base students assigned.' : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              maxDropdownHeight={280}
              comboboxProps={{ withinPortal: true }}
            />
          }
        />
        <FormActions cancelTo={edit.backTo('/home-visits')} onCancel={draft.clear} busy={save.busy}>
          {save.buttonText('Record Visit', { uploading: 'Uploading files...' })}
        </FormActions>
      </Stack>
    </form>
  );
}

/** /home-visits/create (spec part 2 §2.2 "Record Home Visit", §5, §8): teachers only. */
export function CreateHomeVisitPage() {
  const me = useCurrentUser();
  if (me.role !== 'TEACHER') {
    return (
      <ForbiddenPage title={TITLE} {...HOME_VISITS_WAY_BACK}>
        {HOME_VISIT_MESSAGES.onlyTeachersRecord}.
      </ForbiddenPage>
    );
  }
  return (
    <KeptRecordPage kind="home-visit" title={TITLE}>
      {(kept) => (
        <FormPage title={TITLE} {...HOME_VISITS_WAY_BACK}>
          <CreateHomeVisitForm teacherId={me.id} kept={kept} />
        </FormPage>
      )}
    </KeptRecordPage>
  );
}
