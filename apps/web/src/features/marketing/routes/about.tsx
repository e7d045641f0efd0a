// /about — who Foldline is for, what it does, typical results publishers aim for, and #testimonials.
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { SectionHeading } from '../components/section-heading.tsx';

const CAPABILITIES = [
  'Click, scroll and engagement heatmaps per device',
  'Ad impressions, MRC viewability and CTR per website, page and ad unit',
  'Automatic detection of ad manager ad slots',
  'Recommendations to add, move or reformat ad units, with their reasons',
  'Comparison with the previous period on every key figure',
  'Cookieless, self-hosted, with your data on your own server',
] as const;

/** Targets publishers commonly set; the page says plainly that they are goals, not guarantees. */
const RESULT_GOALS = [
  { figure: '15–30%', label: 'revenue uplift publishers aim for by moving ads to where readers spend time' },
  { figure: '70%+', label: 'viewability, the level advertisers increasingly expect from premium inventory' },
  { figure: '7 days', label: 'of data we recommend collecting before judging any change' },
] as const;

const TESTIMONIALS = [
  {
    quote: 'The scroll map showed that most of our readers never reached the bottom ad. We moved it up one section and stopped paying for a slot nobody saw.',
    who: 'Editor of an independent recipe blog',
  },
  {
    quote: 'Having viewability and engagement on one screen per page made our weekly ad review take minutes instead of an afternoon of spreadsheets.',
    who: 'Ad operations lead at a regional news site',
  },
  {
    quote: 'We wanted heatmaps without sending visitor data to yet another third party. Running Foldline on our own server settled that.',
    who: 'Developer at a technology review site',
  },
] as const;

export default function AboutRoute() {
  return (
    <>
      <title>About · Foldline</title>
      <section className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">About Foldline</h1>
          <p className="mt-6 text-lg text-slate-600">
            Foldline is web analytics built for publishers who live from advertising. It shows how readers move through your pages and how
            every ad unit performs, then suggests where placements would work better, without handing your visitors&apos; data to anyone
            else.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <Link to="/auth/register" className={buttonClasses('primary', 'lg')}>
              Sign up free
            </Link>
            <Link to="/contact" className={buttonClasses('secondary', 'lg')}>
              Contact sales
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="capabilities-title" className="py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionHeading title="What Foldline does" id="capabilities-title" />
          <ul className="mt-10 grid gap-4 sm:grid-cols-2">
            {CAPABILITIES.map((item) => (
              <li key={item} className="flex gap-3 rounded-lg bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
                <svg className="size-5 shrink-0 text-indigo-600" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 12.75 6 6 9-13.5" />
                </svg>
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="results-title" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <SectionHeading title="The results publishers work towards" id="results-title">
            Goals, not guarantees: what you reach depends on your site, your audience and your demand partners.
          </SectionHeading>
          <dl className="mt-10 grid gap-6 sm:grid-cols-3">
            {RESULT_GOALS.map((goal) => (
              <div key={goal.figure} className="rounded-lg bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">{goal.label}</dt>
                <dd className="order-first text-3xl font-bold text-indigo-600">{goal.figure}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="testimonials-title" className="py-16" id="testimonials">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <SectionHeading eyebrow="Testimonials" title="What publishers tell us" id="testimonials-title">
            Composite stories of typical uses, not endorsements by named customers.
          </SectionHeading>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.who}>
                <figure className="h-full rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <blockquote className="text-slate-700">
                    <p>&ldquo;{testimonial.quote}&rdquo;</p>
                  </blockquote>
                  <figcaption className="mt-4 text-sm font-semibold text-slate-900">{testimonial.who}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-cta-title" className="bg-indigo-700">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 id="about-cta-title" className="text-3xl font-bold tracking-tight text-white">
            Start measuring what matters
          </h2>
          <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <Link to="/auth/register" className={buttonClasses('secondary', 'lg')}>
              Create an account
            </Link>
            <Link to="/contact" className="text-base font-semibold text-white underline-offset-4 hover:underline">
              Talk to us <span aria-hidden="true">→</span>
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
