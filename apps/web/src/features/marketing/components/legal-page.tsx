// The frame of the legal pages: title, effective date and numbered sections of prose.
import type { ReactNode } from 'react';

export const LEGAL_EFFECTIVE_DATE = 'April 01, 2025';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <title>{`${title} · Foldline`}</title>
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-sm text-slate-600">Effective date: {LEGAL_EFFECTIVE_DATE}</p>
      <div className="mt-8 text-base leading-7 text-slate-700">{intro}</div>
      {sections.map((section, index) => (
        <section key={section.title} className="mt-10" aria-labelledby={`legal-${index}`}>
          <h2 id={`legal-${index}`} className="text-xl font-semibold text-slate-900">
            {index + 1}. {section.title}
          </h2>
          <div className="mt-3 space-y-3 text-base leading-7 text-slate-700">{section.body}</div>
        </section>
      ))}
    </article>
  );
}
