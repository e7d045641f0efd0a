// The website detail's pages tab — scaffolding to be replaced by the analytics work; takes the loaded website.
import type { WebsiteWithPages } from '@foldline/contracts';

export function PagesTab(_props: { website: WebsiteWithPages }) {
  return null;
}
