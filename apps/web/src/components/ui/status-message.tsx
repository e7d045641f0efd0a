// Renders a TransientMessage as the shared Alert: green for success, red (announced assertively) for errors.
import { Alert } from './alert.tsx';
import type { TransientMessage } from './use-transient-message.ts';

export function StatusMessage({ message, className = '' }: { message: TransientMessage | null; className?: string }) {
  if (!message) return null;
  return (
    <Alert variant={message.kind} className={className}>
      {message.text}
    </Alert>
  );
}
