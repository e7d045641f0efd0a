// The website detail's overview tab — scaffolding to be replaced by the analytics work; takes the loaded website.
import type { WebsiteWithPages } from '@foldline/contracts';

export function OverviewTab(_props: { website: WebsiteWithPages }) {
  return null;
}
