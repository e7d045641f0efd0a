// The install snippet of a website with a copy button.
import { CopyButton } from '../../../components/ui/copy-button.tsx';

export function TrackingCodePanel({ script }: { script: string }) {
  return (
    <section aria-labelledby="tracking-code-title" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tracking-code-title" className="text-lg font-semibold text-slate-900">
          Tracking Code
        </h2>
        <CopyButton text={script} />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Add this code to the &lt;head&gt; section of every page you want to track, exactly as provided.
      </p>
      <pre className="mt-3 overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-100">
        <code>{script}</code>
      </pre>
    </section>
  );
}
