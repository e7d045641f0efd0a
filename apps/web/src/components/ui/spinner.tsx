// A spinner and the loading state built on it ('Loading websites...' and the like).
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
    </svg>
  );
}

/** A centred spinner with its text, announced politely to screen readers. */
export function LoadingState({ text = 'Loading...', className = '' }: { text?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center gap-3 py-12 text-sm text-slate-600 ${className}`}>
      <Spinner className="size-5 text-indigo-600" />
      <span>{text}</span>
    </div>
  );
}
