// /dashboard/websites/:websiteId/edit — the form in edit mode. A failed load shows its text and no form
// (deliberate deviation: never a made-up sample website).
import { Link, useParams } from 'react-router';
import { SimulatedDataNotice } from '../../../components/analytics/simulated-data-notice.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { useWebsite } from '../api/get-website.ts';
import { WebsiteEditForm } from '../components/website-information-card.tsx';

export default function WebsiteEditRoute() {
  const { websiteId = '' } = useParams();
  const website = useWebsite(websiteId);

  if (website.isPending) {
    return (
      <LoadingState text="Loading website details..." />
    );
  }
  if (website.isError) {
    return (
      <div className="space-y-4">
        <Alert variant="error">Failed to load website details: {website.error.message}</Alert>
        <Link to="/dashboard/websites" className="text-sm font-medium text-indigo-700 hover:text-indigo-900">
          Return to websites
        </Link>
      </div>
    );
  }

  const data = website.data.website;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Edit Website: {data.name}</h1>
        <p className="mt-1 text-sm text-slate-600">Update your website settings and configuration.</p>
        {data.is_demo && <SimulatedDataNotice className="mt-2" />}
      </div>
      <Card>
        {/* Keyed by id: a different website starts a fresh form; refetches of the same one keep what is typed. */}
        <WebsiteEditForm key={data.website_id} website={data} />
      </Card>
    </div>
  );
}
