// A website's status: green when active, yellow for anything else (specification section 3).
import type { WebsiteStatus } from '@foldline/contracts';

export function WebsiteStatusBadge({ status }: { status: WebsiteStatus | string }) {
  const active = status === 'active';
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium capitalize ${active ? 'bg-green-100 text-green-800' : 'bg-yellow-100 text-yellow-800'}`}
    >
      {status}
    </span>
  );
}
