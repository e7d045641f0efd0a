// Account settings, Data Management: clear all data (the account stays) or delete the account, each confirmed first.
// Dialogs close when the call finishes, also on error, so the outcome shows on the page (specification section 4).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useTransientMessage } from '../../../components/ui/use-transient-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useClearUserData } from '../api/clear-user-data.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { ACCOUNT_MESSAGE_MS } from '../lib/messages.ts';

export const CLEAR_DATA_CONFIRMATION =
  'Are you sure you want to clear all your data? All of your websites, analytics, and tracking information will be permanently removed, but your account will remain active. This action cannot be undone.';
export const DELETE_ACCOUNT_CONFIRMATION =
  'Are you sure you want to delete your account? All of your data will be permanently removed. This action cannot be undone.';

export function DataManagementCard({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  const [dialog, setDialog] = useState<'clear' | 'delete' | null>(null);
  const clearData = useClearUserData(userId);
  const deleteAccount = useDeleteAccount(userId);
  const { message, showSuccess, showError, clear } = useTransientMessage(ACCOUNT_MESSAGE_MS);
  const pending = clearData.isPending || deleteAccount.isPending;

  const confirmClear = () => {
    clear();
    clearData.mutate(undefined, {
      onSuccess: () => showSuccess('All user data has been successfully cleared!'),
      onError: (error) => showError(errorMessage(error, 'Failed to clear user data')),
      onSettled: () => setDialog(null),
    });
  };

  const confirmDelete = () => {
    clear();
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        signOut();
        // Nothing of the deleted account may be shown to whoever signs in next in this tab.
        queryClient.clear();
        void navigate('/auth/login', { replace: true });
      },
      onError: (error) => {
        showError(errorMessage(error, 'Failed to delete account'));
        setDialog(null);
      },
    });
  };

  return (
    <Card title="Data Management" description="Remove your tracked data or your whole account.">
      <StatusMessage message={message} className="mb-4" />
      <div className="divide-y divide-slate-200">
        <div className="flex flex-col gap-3 pb-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="text-sm font-medium text-slate-900">Clear all data</h3>
            <p className="text-sm text-slate-600">Remove all of your websites, analytics and tracking information. Your account stays active.</p>
          </div>
          <Button variant="secondary" onClick={() => setDialog('clear')} disabled={pending} className="shrink-0">
            Clear All Data
          </Button>
        </div>
        <div className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="text-sm font-medium text-slate-900">Delete account</h3>
            <p className="text-sm text-slate-600">Permanently delete your account and all of its data.</p>
          </div>
          <Button variant="danger" onClick={() => setDialog('delete')} disabled={pending} className="shrink-0">
            Delete Account
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={dialog === 'clear'}
        title="Clear all data"
        confirmLabel="Clear All Data"
        pendingLabel="Clearing..."
        isPending={clearData.isPending}
        onConfirm={confirmClear}
        onClose={() => setDialog(null)}
      >
        <p>{CLEAR_DATA_CONFIRMATION}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete account"
        confirmLabel="Delete Account"
        pendingLabel="Deleting..."
        isPending={deleteAccount.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDialog(null)}
      >
        <p>{DELETE_ACCOUNT_CONFIRMATION}</p>
      </ConfirmDialog>
    </Card>
  );
}
