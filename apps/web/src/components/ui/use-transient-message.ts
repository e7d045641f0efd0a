// A status message that clears itself after a delay (success notices) or stays until replaced (errors).
import { useCallback, useEffect, useRef, useState } from 'react';

export interface TransientMessage {
  kind: 'success' | 'error';
  text: string;
}

/**
 * Holds one message. `showSuccess` clears it after `successMs`; `showError` keeps it until the next `show*` or
 * `clear` (the specification: errors persist until the next submit). The timer is dropped on unmount.
 */
export function useTransientMessage(successMs: number) {
  const [message, setMessage] = useState<TransientMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stopTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => stopTimer, [stopTimer]);

  const showSuccess = useCallback(
    (text: string) => {
      stopTimer();
      setMessage({ kind: 'success', text });
      timer.current = setTimeout(() => {
        timer.current = undefined;
        setMessage(null);
      }, successMs);
    },
    [stopTimer, successMs],
  );

  const showError = useCallback(
    (text: string) => {
      stopTimer();
      setMessage({ kind: 'error', text });
    },
    [stopTimer],
  );

  const clear = useCallback(() => {
    stopTimer();
    setMessage(null);
  }, [stopTimer]);

  return { message, showSuccess, showError, clear };
}
