// Settings tab, 'Danger Zone': delete the website, or clear its collected data and report the real deleted counts.
import type { ClearWebsiteDataResponse } from '@foldline/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useTransientMessage } from '../../../components/ui/use-transient-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useClearWebsiteData } from '../api/clear-website-data.ts';
import { DeleteWebsiteButton } from './delete-website-button.tsx';
import { WEBSITE_MESSAGE_MS } from './website-information-card.tsx';

export const WEBSITE_DATA_CLEARED = 'Website data cleared successfully!';
const CLEAR_WEBSITE_DATA_FAILED = 'Failed to clear website data';

export function deletedCountsText({ impressions, events, adUnits, sessions }: ClearWebsiteDataResponse['deleted']): string {
  return `Deleted: ${formatNumber(impressions)} impressions, ${formatNumber(events)} events, ${formatNumber(adUnits)} ad units, ${formatNumber(sessions)} sessions`;
}

export function DangerZoneCard({ websiteId }: { websiteId: string }) {
  const [clearOpen, setClearOpen] = useState(false);
  const clearData = useClearWebsiteData(websiteId);
  const { message, showSuccess, showError, clear } = useTransientMessage(WEBSITE_MESSAGE_MS);

  const confirmClear = () => {
    clear();
    clearData.mutate(undefined, {
      onSuccess: (result) => showSuccess(`${WEBSITE_DATA_CLEARED}\n${deletedCountsText(result.deleted)}`),
      onError: (error) => showError(errorMessage(error, CLEAR_WEBSITE_DATA_FAILED)),
      onSettled: () => setClearOpen(false),
    });
  };

  return (
    <Card title="Danger Zone" description="These actions are permanent." className="ring-red-300">
      <StatusMessage message={message} className="mb-4 whitespace-pre-line" />
      <div className="divide-y divide-slate-200">
        <div className="flex flex-col gap-3 pb-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="text-sm font-medium text-slate-900">Delete this website</h3>
            <p className="text-sm text-slate-600">Permanently delete this website and all of its associated data.</p>
          </div>
          <div>
            <DeleteWebsiteButton websiteId={websiteId} label="Delete Website" variant="danger" />
          </div>
        </div>
        <div className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="text-sm font-medium text-slate-900">Clear website data</h3>
            <p className="text-sm text-slate-600">Remove all collected tracking data while keeping the website and its settings.</p>
          </div>
          <div>
            <Button variant="secondary" onClick={() => setClearOpen(true)} disabled={clearData.isPending}>
              Clear Website Data
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={clearOpen}
        title="Clear Website Data"
        confirmLabel="Yes, clear all data"
        pendingLabel="Clearing..."
        isPending={clearData.isPending}
        onConfirm={confirmClear}
        onClose={() => setClearOpen(false)}
      >
        <p>
          Are you sure you want to clear all data for this website? All tracking information, heatmaps, ad unit data and analytics
          will be permanently removed.
        </p>
        <p className="font-medium text-red-700">This action cannot be undone.</p>
      </ConfirmDialog>
    </Card>
  );
}
