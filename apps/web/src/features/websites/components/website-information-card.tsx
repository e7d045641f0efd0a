// Settings tab, 'Website Information': the edit form, with the update's outcome shown for 4 s (success) or until the next save.
import type { Website } from '@foldline/contracts';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useTransientMessage } from '../../../components/ui/use-transient-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateWebsite } from '../api/update-website.ts';
import { toUpdateWebsiteBody, type WebsiteFormValues } from '../lib/website-form-values.ts';
import { Card } from '../../../components/ui/card.tsx';
import { WebsiteForm } from './website-form.tsx';

export const WEBSITE_MESSAGE_MS = 4000;
export const WEBSITE_UPDATED_MESSAGE = 'Website updated successfully!';
export const WEBSITE_UPDATE_FAILED = 'Failed to update website';

/** The edit form wired to PUT /api/websites/:id; shared by the edit screen and the Settings tab. */
export function WebsiteEditForm({ website }: { website: Website }) {
  const update = useUpdateWebsite(website.website_id);
  const { message, showSuccess, showError, clear } = useTransientMessage(WEBSITE_MESSAGE_MS);

  const save = (values: WebsiteFormValues) => {
    clear();
    update.mutate(toUpdateWebsiteBody(values, website), {
      onSuccess: () => showSuccess(WEBSITE_UPDATED_MESSAGE),
      onError: (error) => showError(errorMessage(error, WEBSITE_UPDATE_FAILED)),
    });
  };

  return (
    <WebsiteForm
      website={website}
      submitLabel="Update Website"
      pendingLabel="Updating..."
      isPending={update.isPending}
      onSubmit={save}
      notice={<StatusMessage message={message} />}
    />
  );
}

export function WebsiteInformationCard({ website }: { website: Website }) {
  return (
    <Card title="Website Information" description="Basic information and tracking thresholds of your website.">
      <WebsiteEditForm website={website} />
    </Card>
  );
}
