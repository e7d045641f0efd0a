// The website detail's Settings tab: Website Information, Advanced Settings, Ads & revenue and Danger Zone.
import type { Website } from '@foldline/contracts';
import { AdsSettingsCard } from './ads-settings-card.tsx';
import { AdvancedSettingsCard } from './advanced-settings-card.tsx';
import { DangerZoneCard } from './danger-zone-card.tsx';
import { RevenueReportsCard } from './revenue-reports-card.tsx';
import { WebsiteInformationCard } from './website-information-card.tsx';

export function SettingsTab({ website }: { website: Website }) {
  return (
    <div className="space-y-6">
      <WebsiteInformationCard website={website} />
      <AdvancedSettingsCard website={website} />
      <AdsSettingsCard website={website} />
      <DangerZoneCard websiteId={website.website_id} />
      <RevenueReportsCard websiteId={website.website_id} />
    </div>
  );
}
