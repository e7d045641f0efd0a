// Where to go after sign-in: the page the user was sent away from, if it is one of ours, else the dashboard.
export interface ReturnToState {
  from?: string;
}

export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/** Accepts only same-site paths ('/x', not '//evil.example' or 'https://…'), so the redirect cannot leave the app. */
export function returnPath(state: unknown): string {
  const from = (state as ReturnToState | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN;
  if (from.startsWith('/auth/')) return DEFAULT_AFTER_SIGN_IN;
  return from;
}
