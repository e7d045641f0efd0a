// Guards everything under /dashboard: signed-out visitors go to /auth/login, which brings them back afterwards.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';
import type { ReturnToState } from '../lib/return-to.ts';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) {
    const state: ReturnToState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/auth/login" replace state={state} />;
  }
  return children;
}
