import type { UserDetail } from '@csp/contracts';
import { Text } from '@mantine/core';
import { DeleteRecordDialog } from '../../../components/DeleteRecordDialog.tsx';
import { personName } from '../../../lib/person-name.ts';
import { useDeleteUserMutation } from '../api/users.api.ts';

/**
 * The 'Delete User' confirmation (spec part 1 §2, §8): 'Processing...' while the call runs; a failure
 * is announced by an alert; success refreshes the list and opens /users. The delete is a soft delete,
 * restorable from Deleted records.
 */
export function DeleteUserDialog({
  user,
  opened,
  onClose,
}: {
  user: UserDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const held = user.role === 'TEACHER' ? user.assignedStudentsCount : 0;
  return (
    <DeleteRecordDialog
      opened={opened}
      onClose={onClose}
      title="Delete User"
      remove={useDeleteUserMutation()}
      variables={user.id}
      failure={() => 'Failed to delete user. Please try again.'}
      failureAlert
      listPath="/users"
    >
      <Text size="sm">
        Are you sure you want to delete <strong>{personName(user)}</strong>? They will no longer be able to
        sign in.
      </Text>
      {held > 0 && (
        <Text size="sm" c="orange">
          Their {held} assigned {held === 1 ? 'student stays' : 'students stay'} without a teacher until the
          account is restored.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        An administrator can restore the account from Deleted records.
      </Text>
    </DeleteRecordDialog>
  );
}
