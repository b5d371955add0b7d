import { Button, type ButtonProps } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A record's 'Edit' on its detail page: a link to the record's edit page. */
export function EditButton({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="light" leftSection={<IconEdit size={18} aria-hidden />}>
      Edit
    </Button>
  );
}

/** A record's 'Delete' on its detail page: opens the page's confirm dialog (DeleteRecordDialog or the
 * users' own). */
export function DeleteButton({ onClick, style }: { onClick: () => void; style?: ButtonProps['style'] }) {
  return (
    <Button
      color="red"
      variant="outline"
      onClick={onClick}
      leftSection={<IconTrash size={18} aria-hidden />}
      style={style}
    >
      Delete
    </Button>
  );
}
