// 'Delete' with the specification's confirmation; on success the user returns to the website list.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteWebsite } from '../api/delete-website.ts';

export const DELETE_WEBSITE_CONFIRMATION = 'Are you sure you want to delete this website? This action cannot be undone.';
const DELETE_WEBSITE_FAILED = 'Failed to delete website';

export function DeleteWebsiteButton({ websiteId, label, className }: { websiteId: string; label: string; className: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useDeleteWebsite(websiteId);

  const confirm = () => {
    setError(null);
    mutation.mutate(undefined, {
      onSuccess: () => navigate('/dashboard/websites', { replace: true }),
      onError: (failure) => setError(errorMessage(failure, DELETE_WEBSITE_FAILED)),
      onSettled: () => setOpen(false),
    });
  };

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} disabled={mutation.isPending} className={className}>
        {mutation.isPending ? 'Deleting...' : label}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={open}
        title="Delete website"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={mutation.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        <p>{DELETE_WEBSITE_CONFIRMATION}</p>
      </ConfirmDialog>
    </>
  );
}
