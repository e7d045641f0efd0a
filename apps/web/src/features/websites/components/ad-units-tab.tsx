// The website detail's ad-units tab — scaffolding to be replaced by the analytics work; takes the loaded website.
import type { WebsiteWithPages } from '@foldline/contracts';

export function AdUnitsTab(_props: { website: WebsiteWithPages }) {
  return null;
}
