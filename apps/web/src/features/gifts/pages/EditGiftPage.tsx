import { GIFT_LIMITS, GIFT_MESSAGES, giftFormSchema, type Gift, type GiftFormValues } from '@csp/contracts';
import { Button, Group, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/BackLink.tsx';
import { DraftNotice } from '../../../components/DraftNotice.tsx';
import { EditConflictNotice } from '../../../components/EditConflictNotice.tsx';
import { useRecordEdit } from '../../../lib/record-edit.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { errorStatus, getErrorMessage } from '../../../lib/api.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSave } from '../../../lib/save.ts';
import { AdminOnly } from '../../../components/AdminOnly.tsx';
import { StudentPicker } from '../../students/components/StudentPicker.tsx';
import { giftKeys, giftsApi, useGiftQuery, useUpdateGiftMutation } from '../api/gifts.api.ts';
import { GIFT_NOT_FOUND } from '../components/GiftBits.tsx';
import { giftFormValues, toUpdateGiftBody } from '../gift-display.ts';

const TITLE = 'Edit Gift';

function EditGiftForm({ gift }: { gift: Gift }) {
  const navigate = useNavigate();
  const form = useForm<GiftFormValues>({
    initialValues: giftFormValues(gift),
    validate: schemaResolver(giftFormSchema),
  });
  const back = `/gifts/${gift.id}`;
  const { edits, draft, saved } = useRecordEdit({
    record: gift,
    form,
    valuesOf: giftFormValues,
    source: { queryKey: giftKeys.detail(gift.id), fetch: () => giftsApi.get(gift.id) },
    draftName: `gift-edit:${gift.id}`,
    onSaved: () => {
      toastSuccess(GIFT_MESSAGES.updated);
      navigate(back);
    },
  });

  const failureText = (error: unknown) => getErrorMessage(error, GIFT_MESSAGES.updateFailed);
  const save = useSave({
    mutation: useUpdateGiftMutation(gift.id),
    failureText,
    onSaved: saved,
    onFailed: async (error) => {
      if (await edits.saveFailed(error)) return true;
      // The gift ID is taken by another gift: say so at the field too (and in the toast).
      if (errorStatus(error) === 409) form.setFieldError('giftId', failureText(error));
      return false;
    },
  });
  const submit = (values: GiftFormValues) =>
    save.submit(() => ({ ...toUpdateGiftBody(values), updatedAt: edits.version }));

  const studentProps = form.getInputProps('studentId');
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="lg">
        <DraftNotice draft={draft} />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Gift ID"
                description="Optional tracking code"
                maxLength={GIFT_LIMITS.codeMaxLength}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('giftId')}
              />
              <StudentPicker
                withCategory
                withAsterisk
                value={form.getValues().studentId}
                onChange={(id) => form.setFieldValue('studentId', id)}
                error={studentProps.error}
                onBlur={studentProps.onBlur}
              />
              <TextInput
                label="Gift name"
                maxLength={GIFT_LIMITS.nameMaxLength}
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Gift sub-type"
                maxLength={GIFT_LIMITS.nameMaxLength}
                {...form.getInputProps('giftSubType')}
              />
            </SimpleGrid>
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxLength={GIFT_LIMITS.descriptionMaxLength}
              {...form.getInputProps('description')}
            />
            <Textarea
              label="Notes"
              autosize
              minRows={3}
              maxLength={GIFT_LIMITS.notesMaxLength}
              {...form.getInputProps('notes')}
            />
          </Stack>
        </Paper>
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

/**
 * /gifts/{id}/edit (spec part 2 §2.3 "Gift edit", §5): gift ID (optional), student (name and category),
 * gift name, sub-type, description and notes; a student and a name or sub-type are required.
 * Administrators only: a teacher sees that the page is not for them and no call is made.
 */
export function EditGiftPage() {
  return (
    <AdminOnly title={TITLE}>
      <EditGiftContent />
    </AdminOnly>
  );
}

function EditGiftContent() {
  const { id = '' } = useParams();
  return (
    <RecordPage query={useGiftQuery(id)} title={TITLE} loadingLabel="Loading gift" notFound={GIFT_NOT_FOUND}>
      {(gift) => (
        <Stack gap="lg" maw={860}>
          <Stack gap={6}>
            <BackLink to={`/gifts/${gift.id}`}>Back to Gift</BackLink>
            <PageTitle>{TITLE}</PageTitle>
          </Stack>
          <EditGiftForm key={gift.id} gift={gift} />
        </Stack>
      )}
    </RecordPage>
  );
}
