// /dashboard/websites/new — the website form in create mode; afterwards the success message and the install snippet.
import type { CreateWebsiteResponse } from '@foldline/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
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
          <div role="status" className="rounded-md border border-green-200 bg-green-50 p-4 text-sm text-green-800">
            <p className="font-medium">Website created successfully!</p>
            <p className="mt-1">Add the tracking code below to your website to start collecting data for {created.website.name}.</p>
          </div>
          <TrackingCodePanel script={created.tracking_script} />
          <div className="flex justify-end">
            <Link
              to={`/dashboard/websites/${created.website.website_id}`}
              className="inline-flex items-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-700"
            >
              Go to Website Dashboard
            </Link>
          </div>
        </div>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <WebsiteForm
            submitLabel="Create Website"
            pendingLabel="Creating..."
            isPending={create.isPending}
            onSubmit={submit}
            notice={
              error && (
                <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
                  {error}
                </p>
              )
            }
            actions={
              <Link to="/dashboard/websites" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
                Cancel
              </Link>
            }
          />
        </div>
      )}
    </div>
  );
}
