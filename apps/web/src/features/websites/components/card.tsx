// A titled white card, the building block of the website screens' sections.
import type { ReactNode } from 'react';

export function Card({ title, description, children, tone = 'default' }: { title: string; description?: string; children: ReactNode; tone?: 'default' | 'danger' }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={`rounded-lg border bg-white shadow-sm ${tone === 'danger' ? 'border-red-200' : 'border-slate-200'}`}>
      <div className={`border-b px-4 py-4 sm:px-6 ${tone === 'danger' ? 'border-red-200' : 'border-slate-200'}`}>
        <h2 id={id} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-700' : 'text-slate-900'}`}>
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      <div className="px-4 py-5 sm:px-6">{children}</div>
    </section>
  );
}
