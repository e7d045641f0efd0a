// /dashboard/websites/new — the website form in create mode; afterwards the success message and the install snippet.
import type { CreateWebsiteResponse } from '@foldline/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateWebsite } from '../api/create-website.ts';
import { TrackingCodePanel } from '../components/tracking-code-panel.tsx';
import { WebsiteForm } from '../components/website-form.tsx';
import { toCreateWebsiteBody, type WebsiteFormValues } from '../lib/website-form-values.ts';

const CREATE_FAILED = 'Failed to create website';

export default function WebsiteNewRoute() {
  const create = useCreateWebsite();
  const [created, setCreated] = useState<CreateWebsiteResponse['data'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (values: WebsiteFormValues) => {
    setError(null);
    create.mutate(toCreateWebsiteBody(values), {
      onSuccess: (response) => setCreated(response.data),
      onError: (failure) => setError(errorMessage(failure, CREATE_FAILED)),
    });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Add New Website</h1>
        <p className="mt-1 text-sm text-slate-600">
          Add a website to start tracking user behavior and optimize your ad placements. After you create it, add the tracking code to
          your website.
        </p>
      </div>

      {created ? (
        <div className="space-y-6">
          <Alert variant="success" title="Website created successfully!">
            Add the tracking code below to your website to start collecting data for {created.website.name}.
          </Alert>
          <TrackingCodePanel script={created.tracking_script} />
          <div className="flex justify-end">
            <ButtonLink to={`/dashboard/websites/${created.website.website_id}`}>Go to Website Dashboard</ButtonLink>
          </div>
        </div>
      ) : (
        <Card>
          <WebsiteForm
            submitLabel="Create Website"
            pendingLabel="Creating..."
            isPending={create.isPending}
            onSubmit={submit}
            notice={error && <Alert variant="error">{error}</Alert>}
            actions={
              <ButtonLink to="/dashboard/websites" variant="secondary">
                Cancel
              </ButtonLink>
            }
          />
        </Card>
      )}
    </div>
  );
}
