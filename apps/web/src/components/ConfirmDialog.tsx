import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the person confirms: the dialog's text, above the buttons. */
  children: ReactNode;
  confirmLabel: string;
  confirmColor: string;
  onConfirm: () => void;
  /** While the action runs the dialog cannot be closed and the confirm button says 'Processing...'. */
  busy: boolean;
}

/** A confirmation dialog with Cancel and a confirm button. */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  confirmColor,
  onConfirm,
  busy,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={title}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={confirmColor} onClick={onConfirm} disabled={busy}>
            {busy ? 'Processing...' : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
