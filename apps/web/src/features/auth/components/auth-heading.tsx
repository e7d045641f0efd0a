// The title and subtitle at the top of every sign-in card (and the page title).
import type { ReactNode } from 'react';

export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 text-center">
      <title>{`${title} · Foldline`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children && <p className="mt-2 text-sm text-slate-600">{children}</p>}
    </div>
  );
}
