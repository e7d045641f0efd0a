// 'Delete' with the specification's confirmation; on success the user returns to the website list.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteWebsite } from '../api/delete-website.ts';

export const DELETE_WEBSITE_CONFIRMATION = 'Are you sure you want to delete this website? This action cannot be undone.';
// The specification leaves a failed delete unhandled; Foldline says so instead of failing silently.
const DELETE_WEBSITE_FAILED = 'Failed to delete website';

export function DeleteWebsiteButton({ websiteId, label, variant }: { websiteId: string; label: string; variant: ButtonVariant }) {
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
    <div>
      <Button variant={variant} onClick={() => setOpen(true)} disabled={mutation.isPending}>
        {mutation.isPending ? 'Deleting...' : label}
      </Button>
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
    </div>
  );
}
