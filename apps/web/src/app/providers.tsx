// App-wide providers: one TanStack Query client for the whole session.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.ts';

export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app (not per render), so tests or a remount never share a cache by accident.
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
