// The install snippet of a website with a copy button.
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

export function TrackingCodePanel({ script }: { script: string }) {
  return (
    <Card title="Tracking Code" description="Add this code to the <head> section of every page you want to track, exactly as provided." actions={<CopyButton text={script} />}>
      <pre className="whitespace-pre-wrap break-all rounded-md bg-slate-900 p-4 text-sm text-slate-100">
        <code>{script}</code>
      </pre>
    </Card>
  );
}
