// /dashboard/websites/:websiteId — header with edit and delete, and the four tabs (Overview first; ?tab=settings and
// the like open another, so other screens can link to one). The website is refetched on every tab switch and on
// window focus: nothing is served from cache (staleTime 0).
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { SimulatedDataNotice } from '../../../components/analytics/simulated-data-notice.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { TAB_CLASS, TAB_LIST_CLASS } from '../../../components/ui/tab-strip.ts';
import { formatDate } from '../../../lib/format.ts';
import { useWebsite } from '../api/get-website.ts';
import { AdUnitsTab } from '../components/ad-units-tab.tsx';
import { DeleteWebsiteButton } from '../components/delete-website-button.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';
import { PagesTab } from '../components/pages-tab.tsx';
import { SettingsTab } from '../components/settings-tab.tsx';

const TABS = ['Overview', 'Pages', 'Ad Units', 'Settings'] as const;
/** A tab's name in the address: 'ad-units'. */
const tabParam = (tab: (typeof TABS)[number]) => tab.toLowerCase().replace(/ /g, '-');

export default function WebsiteDetailRoute() {
  const { websiteId = '' } = useParams();
  const website = useWebsite(websiteId);
  const [search] = useSearchParams();
  const location = useLocation();
  const linked = TABS.findIndex((tab) => tabParam(tab) === search.get('tab'));
  const [selected, setSelected] = useState(Math.max(0, linked));
  // A link followed to this page (a new location, even the same address) opens the tab it names; switching tabs
  // leaves the address alone.
  const [arrival, setArrival] = useState(location.key);
  if (arrival !== location.key) {
    setArrival(location.key);
    if (linked >= 0) setSelected(linked);
  }

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
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="truncate text-2xl font-bold text-slate-900">{data.name}</h1>
            <StatusBadge status={data.status} />
          </div>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt>Domain:</dt>
              <dd className="font-medium text-slate-800">{data.domain}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Created:</dt>
              <dd className="font-medium text-slate-800">{formatDate(data.created_at)}</dd>
            </div>
          </dl>
          {/* In the header, above the tabs: it holds for every tab (overview, pages, ad units, settings). */}
          {data.is_demo && <SimulatedDataNotice className="mt-2" />}
        </div>
        <div className="flex shrink-0 items-start gap-3">
          <ButtonLink to={`/dashboard/websites/${data.website_id}/edit`} variant="secondary">
            Edit
          </ButtonLink>
          <DeleteWebsiteButton websiteId={data.website_id} label="Delete" variant="danger" />
        </div>
      </div>

      {/* Every switch refetches the website; the tabs' own queries refetch as their panels mount. */}
      <TabGroup
        selectedIndex={selected}
        onChange={(index) => {
          setSelected(index);
          void website.refetch();
        }}
      >
        <TabList className={TAB_LIST_CLASS}>
          {TABS.map((tab) => (
            <Tab key={tab} className={TAB_CLASS}>
              {tab}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel>
            <OverviewTab website={data} />
          </TabPanel>
          <TabPanel>
            <PagesTab key={data.website_id} website={data} />
          </TabPanel>
          <TabPanel>
            <AdUnitsTab website={data} />
          </TabPanel>
          <TabPanel>
            <SettingsTab key={data.website_id} website={data} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
