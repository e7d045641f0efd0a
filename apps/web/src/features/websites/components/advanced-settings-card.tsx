// Settings tab, 'Advanced Settings': which kinds of data the tracker collects; saved with the whole website object.
import type { CollectionPreferences, Website } from '@foldline/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useTransientMessage } from '../../../components/ui/use-transient-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateWebsite } from '../api/update-website.ts';
import { WEBSITE_MESSAGE_MS } from './website-information-card.tsx';

const OPTIONS: ReadonlyArray<{ key: keyof CollectionPreferences; label: string; hint: string }> = [
  { key: 'collectClickData', label: 'Collect click data', hint: 'Track where users click on your pages.' },
  { key: 'collectScrollData', label: 'Collect scroll data', hint: 'Track how far users scroll down your pages.' },
  { key: 'collectEngagementData', label: 'Collect engagement data', hint: 'Track hover and time spent on your pages.' },
  { key: 'autoDetectAdUnits', label: 'Auto-detect ad units', hint: 'Automatically detect ad manager ad slots on your pages.' },
];

export const ADVANCED_SETTINGS_SAVED = 'Advanced settings updated successfully!';
const ADVANCED_SETTINGS_FAILED = 'Failed to update advanced settings';

export function AdvancedSettingsCard({ website }: { website: Website }) {
  const [preference, setPreference] = useState<CollectionPreferences>(website.settings.preference);
  const update = useUpdateWebsite(website.website_id);
  const { message, showSuccess, showError, clear } = useTransientMessage(WEBSITE_MESSAGE_MS);

  const save = () => {
    clear();
    // The specification's call: the whole website object goes back with the new preference.
    update.mutate(
      { ...website, settings: { ...website.settings, preference } },
      {
        onSuccess: () => showSuccess(ADVANCED_SETTINGS_SAVED),
        onError: (error) => showError(errorMessage(error, ADVANCED_SETTINGS_FAILED)),
      },
    );
  };

  return (
    <Card title="Advanced Settings" description="Choose which data Foldline collects on this website.">
      <StatusMessage message={message} className="mb-4" />
      <fieldset>
        <legend className="sr-only">Data collection</legend>
        <div className="space-y-4">
          {OPTIONS.map((option) => (
            <Checkbox
              key={option.key}
              label={option.label}
              description={option.hint}
              checked={preference[option.key]}
              onChange={(event) => setPreference((current) => ({ ...current, [option.key]: event.target.checked }))}
            />
          ))}
        </div>
      </fieldset>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => setPreference(website.settings.preference)} disabled={update.isPending}>
          Cancel
        </Button>
        <Button onClick={save} disabled={update.isPending} loading={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </Card>
  );
}
