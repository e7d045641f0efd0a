// The overview's Tracking Code panel: the install snippet (or a placeholder comment), 'Copy to clipboard', and
// 'Verify Installation' with the green or yellow result and the troubleshooting tips. Each click asks anew.
import type { WebsiteWithPages } from '@foldline/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useVerifyInstallation } from '../api/analytics-verify-installation.ts';

const PLACEHOLDER = '<!-- The tracking code for this website is not available yet. -->';
export const VERIFY_FALLBACK_MESSAGE = 'Failed to verify tracking code. Please try again.';

export function InstallationPanel({ website }: { website: WebsiteWithPages }) {
  const script = website.tracking_script || PLACEHOLDER;
  const verify = useVerifyInstallation(website.website_id);
  return (
    <Card
      title="Tracking Code"
      description="Add this code to the <head> section of every page you want to track."
      actions={
        <>
          <CopyButton text={script} />
          <Button size="sm" onClick={() => verify.mutate()} disabled={verify.isPending}>
            {verify.isPending ? 'Verifying...' : 'Verify Installation'}
          </Button>
        </>
      }
    >
      {/* Wrapped anywhere, not scrolled: the whole snippet shows in its box, also on a phone. */}
      <pre className="whitespace-pre-wrap rounded-md bg-slate-900 p-4 text-sm text-slate-100 [overflow-wrap:anywhere]" tabIndex={0} aria-label="Tracking code">
        <code>{script}</code>
      </pre>
      <VerificationResult state={verify} />
    </Card>
  );
}

/** The result of the last verification: none, verified, or failed with the server's message and the tips. */
export function VerificationResult({ state }: { state: ReturnType<typeof useVerifyInstallation> }) {
  if (state.isIdle || state.isPending) return null;
  if (state.isSuccess && state.data.verified) {
    return (
      <Alert variant="success" className="mt-4" title="Tracking code verified">
        {state.data.message}
      </Alert>
    );
  }
  const message = state.isSuccess ? state.data.message || VERIFY_FALLBACK_MESSAGE : errorMessage(state.error, VERIFY_FALLBACK_MESSAGE);
  return (
    <Alert variant="warning" className="mt-4" title="Verification failed">
      <p>{message}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>Put the tracking code in the head section of your pages.</li>
        <li>Keep the code exactly as provided.</li>
        <li>Clear your browser cache and reload the page.</li>
        <li>If you use a content management system, make sure its template includes header scripts.</li>
      </ul>
    </Alert>
  );
}
