// Renders a TransientMessage: green for success, red for errors, announced to screen readers.
import type { TransientMessage } from './use-transient-message.ts';

export function StatusMessage({ message, className = '' }: { message: TransientMessage | null; className?: string }) {
  if (!message) return null;
  const success = message.kind === 'success';
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={`rounded-md border p-3 text-sm ${success ? 'border-green-200 bg-green-50 text-green-800' : 'border-red-200 bg-red-50 text-red-700'} ${className}`}
    >
      {message.text}
    </div>
  );
}
