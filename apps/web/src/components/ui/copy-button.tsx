// 'Copy to clipboard' for a text, confirming with 'Copied!' for a moment.
import { useEffect, useState } from 'react';
import { Button } from './button.tsx';

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
    <div className="flex items-center gap-2">
      <span aria-live="polite" className="text-xs text-slate-600">
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : ''}
      </span>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        {label}
      </Button>
    </div>
  );
}
