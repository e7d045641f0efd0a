// A confirmation on the shared Modal: Cancel and one confirming button that shows its pending label while the call runs.
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  /** Called on Cancel, Escape and a click outside; ignored while the call runs so its outcome is always seen. */
  onClose: () => void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, pendingLabel, isPending, onConfirm, onClose }: ConfirmDialogProps) {
  const close = () => {
    if (!isPending) onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={isPending} loading={isPending}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-2">{children}</div>
    </Modal>
  );
}
