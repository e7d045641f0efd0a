// A modal dialog on Headless UI's Dialog: focus trapped inside, Escape and a click outside close it.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  /** Called on Escape and on a click outside; pass a no-op while a call is pending to keep it open. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** The buttons row. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

const WIDTHS = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' } as const;

export function Modal({ open, onClose, title, children, footer, size = 'md' }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 z-10 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel className={`w-full ${WIDTHS[size]} rounded-lg bg-white p-6 shadow-xl`}>
            <DialogTitle as="h2" className="text-lg font-semibold text-slate-900">
              {title}
            </DialogTitle>
            {children && <div className="mt-3 text-sm text-slate-700">{children}</div>}
            {footer && <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{footer}</div>}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
