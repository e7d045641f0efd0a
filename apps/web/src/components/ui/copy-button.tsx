// 'Copy to clipboard' for a text, confirming with 'Copied!' for a moment.
import { useEffect, useState } from 'react';

const CONFIRMATION_MS = 2000;

export function CopyButton({ text, label = 'Copy to clipboard' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // Clipboard access needs a secure context and permission; say so rather than pretend.
      setState('failed');
    }
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      {label}
      <span aria-live="polite" className="ml-2 text-xs text-slate-500">
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : ''}
      </span>
    </button>
  );
}
