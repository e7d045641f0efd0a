// /docs — ten sections with a sidebar, previous/next navigation and a recorded helpfulness vote; #<section> deep-links.
import { Link, useLocation } from 'react-router';
import { HelpfulnessVote } from '../components/helpfulness-vote.tsx';
import { DOC_SECTION_LIST, findSection, type DocSection } from '../content.tsx';

function sectionLinkClasses(active: boolean): string {
  return `block rounded-md px-3 py-2 text-sm ${active ? 'bg-indigo-50 font-semibold text-indigo-700' : 'text-slate-700 hover:bg-slate-50'}`;
}

export default function DocsRoute() {
  const { hash } = useLocation();
  const first = DOC_SECTION_LIST[0] as DocSection;
  const current = findSection(decodeURIComponent(hash.slice(1))) ?? first;
  const index = DOC_SECTION_LIST.indexOf(current);
  const previous = DOC_SECTION_LIST[index - 1];
  const next = DOC_SECTION_LIST[index + 1];

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <title>{`${current.title} · Documentation · Foldline`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Documentation</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Documentation sections">
          <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-1">
            {DOC_SECTION_LIST.map((section) => (
              <li key={section.id}>
                <Link to={`#${section.id}`} className={sectionLinkClasses(section.id === current.id)} aria-current={section.id === current.id ? 'page' : undefined}>
                  {section.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <article id={current.id} aria-labelledby={`${current.id}-title`} className="min-w-0">
          <h2 id={`${current.id}-title`} className="text-2xl font-bold text-slate-900">
            {current.title}
          </h2>
          <div className="mt-4 space-y-4 text-base leading-7 text-slate-700">{current.body}</div>

          <div className="mt-10 border-t border-slate-200 pt-6">
            {/* Keyed by section: a new section starts with a fresh, unanswered vote. */}
            <HelpfulnessVote key={current.id} section={current.id} />
          </div>

          <nav aria-label="Previous and next section" className="mt-8 flex flex-wrap justify-between gap-4 border-t border-slate-200 pt-6">
            {previous ? (
              <Link to={`#${previous.id}`} className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
                <span aria-hidden="true">←</span> Previous: {previous.title}
              </Link>
            ) : (
              <span />
            )}
            {next && (
              <Link to={`#${next.id}`} className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
                Next: {next.title} <span aria-hidden="true">→</span>
              </Link>
            )}
          </nav>
        </article>
      </div>
    </div>
  );
}
