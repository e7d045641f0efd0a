// /dashboard/websites/:websiteId/edit — the form in edit mode. A failed load shows its text and no form
// (deliberate deviation: never a made-up sample website).
import { Link, useParams } from 'react-router';
import { useWebsite } from '../api/get-website.ts';
import { WebsiteEditForm } from '../components/website-information-card.tsx';

export default function WebsiteEditRoute() {
  const { websiteId = '' } = useParams();
  const website = useWebsite(websiteId);

  if (website.isPending) {
    return (
      <p role="status" className="py-12 text-center text-sm text-slate-600">
        Loading website details...
      </p>
    );
  }
  if (website.isError) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          Failed to load website details: {website.error.message}
        </p>
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
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {/* Keyed by id: a different website starts a fresh form; refetches of the same one keep what is typed. */}
        <WebsiteEditForm key={data.website_id} website={data} />
      </div>
    </div>
  );
}
