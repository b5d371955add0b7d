import { HOME_VISIT_MESSAGES } from '@csp/contracts';
import { Button, Group, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useAttachments } from '../../../components/AttachmentDropzone.tsx';
import { useFormDraft } from '../../../lib/form-drafts.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { useOrgToday } from '../../../lib/organisation.ts';
import { useStudentsQuery } from '../../students/api/students.api.ts';
import { homeVisitsApi, useCreateHomeVisitMutation } from '../api/home-visits.api.ts';
import { NotForYou } from '../components/HomeVisitBits.tsx';
import { HomeVisitFormFields } from '../components/HomeVisitFormFields.tsx';
import { studentOptions } from '../home-visit-display.ts';
import {
  createVisitFormSchema,
  emptyVisitValues,
  toCreateVisitBody,
  visitErrorText,
  type HomeVisitFormValues,
} from '../home-visit-form.ts';

const TITLE = 'Record Home Visit';

/** A teacher holds at most 25 students: one page lists all their home-base students. */
const STUDENT_LIST_LIMIT = 100;

function CreateHomeVisitForm({ teacherId }: { teacherId: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const today = useOrgToday();
  const create = useCreateHomeVisitMutation();
  const files = useAttachments();
  const [uploading, setUploading] = useState(false);
  const busy = uploading || create.isPending;
  const students = useStudentsQuery({
    teacherId,
    category: 'HOME_BASE',
    page: 1,
    limit: STUDENT_LIST_LIMIT,
  });
  const options = studentOptions(students.data?.items ?? []);
  const form = useForm<HomeVisitFormValues>({
    initialValues: emptyVisitValues(today, params.get('studentId') ?? ''),
    validate: schemaResolver(createVisitFormSchema(today)),
  });
  const draft = useFormDraft(`home-visit:${params.get('studentId') ?? ''}`, form);

  const submit = async (values: HomeVisitFormValues) => {
    let entries: string[];
    setUploading(true);
    try {
      entries = await files.uploadPending(homeVisitsApi.uploadFile);
    } catch (error) {
      toastError(visitErrorText(error, HOME_VISIT_MESSAGES.createFailed));
      return;
    } finally {
      setUploading(false);
    }
    create.mutate(toCreateVisitBody(values, entries), {
      onSuccess: (visit) => {
        draft.clear();
        toastSuccess(HOME_VISIT_MESSAGES.created);
        navigate(`/home-visits/${visit.id}`);
      },
      onError: (error) => toastError(visitErrorText(error, HOME_VISIT_MESSAGES.createFailed)),
    });
  };

  const studentProps = form.getInputProps('studentId');
  const noStudents = students.isSuccess && options.length === 0;
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="lg">
        <DraftNotice draft={draft} photos />
        <HomeVisitFormFields
          form={form}
          files={files}
          today={today}
          busy={busy}
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
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/home-visits" variant="default" onClick={draft.clear}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {uploading ? 'Uploading files...' : create.isPending ? 'Saving...' : 'Record Visit'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /home-visits/create (spec part 2 §2.2 "Record Home Visit", §5, §8): teachers only. */
export function CreateHomeVisitPage() {
  const me = useCurrentUser();
  if (me.role !== 'TEACHER') {
    return <NotForYou title={TITLE}>{HOME_VISIT_MESSAGES.onlyTeachersRecord}.</NotForYou>;
  }
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={6}>
        <BackLink to="/home-visits">Back to Home Visits</BackLink>
        <PageTitle>{TITLE}</PageTitle>
      </Stack>
      <CreateHomeVisitForm teacherId={me.id} />
    </Stack>
  );
}
