// / — the landing page: hero, Key Features, How It Works, Data driven insights and a closing call to action.
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import {
  AdUnitMetricsIllustration,
  ClickHeatmapIllustration,
  EngagementIllustration,
  ScrollDepthIllustration,
} from '../components/insight-illustrations.tsx';
import { SectionHeading } from '../components/section-heading.tsx';

const FEATURES = [
  {
    title: 'Click heatmaps',
    text: 'See where visitors click on every page, per device, drawn over a real screenshot of the page at desktop, tablet and mobile widths.',
    icon: 'M15.042 21.672 13.684 16.6m0 0-2.51 2.225.569-9.47 5.227 7.917-3.286-.672ZM12 2.25V4.5m5.834.166-1.591 1.591M20.25 10.5H18M7.757 14.743l-1.59 1.59M6 10.5H3.75m4.007-4.243-1.59-1.59',
  },
  {
    title: 'Scroll depth tracking',
    text: 'Know how far readers really get: the share of pageviews that reach 25, 50, 75 and 100 percent of each page.',
    icon: 'M3 4.5h14.25M3 9h9.75M3 13.5h9.75m4.5-4.5v12m0 0-3.75-3.75M17.25 21 21 17.25',
  },
  {
    title: 'Engagement time',
    text: 'Measure the time people actually spend with your content, only while the tab is visible, not while it sits in the background.',
    icon: 'M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  },
  {
    title: 'Ad viewability',
    text: 'Impressions, viewability by the MRC standard (50 % of pixels for one second) and click-through rate for every ad unit detected on your pages.',
    icon: 'M2.036 12.322a1.012 1.012 0 0 1 0-.639C3.423 7.51 7.36 4.5 12 4.5c4.638 0 8.573 3.007 9.963 7.178.07.207.07.431 0 .639C20.577 16.49 16.64 19.5 12 19.5c-4.638 0-8.573-3.007-9.963-7.178Z M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
  },
  {
    title: 'Placement recommendations',
    text: 'Suggestions to add a placement, move an ad unit or change its format, each with its reason and the amount of data behind it.',
    icon: 'M9.813 15.904 9 18.75l-.813-2.846a4.5 4.5 0 0 0-3.09-3.09L2.25 12l2.846-.813a4.5 4.5 0 0 0 3.09-3.09L9 5.25l.813 2.846a4.5 4.5 0 0 0 3.09 3.09L15.75 12l-2.846.813a4.5 4.5 0 0 0-3.09 3.09Z',
  },
  {
    title: 'Private and self-hosted',
    text: 'Cookieless visitor counting, no raw IP addresses stored, and the whole product runs on your own server with your data staying there.',
    icon: 'M9 12.75 11.25 15 15 9.75m-3-7.036A11.959 11.959 0 0 1 3.598 6 11.99 11.99 0 0 0 3 9.749c0 5.592 3.824 10.29 9 11.623 5.176-1.332 9-6.03 9-11.622 0-1.31-.21-2.571-.598-3.751h-.152c-3.196 0-6.1-1.248-8.25-3.285Z',
  },
] as const;

const STEPS = [
  { title: 'Install the tracking code', text: 'Add your website in the dashboard and paste one small script tag into the head section of your pages.' },
  { title: 'Collect behaviour data', text: 'Foldline records clicks, scroll depth, engagement time and ad slots as real visitors use your site.' },
  { title: 'Analyse ad performance', text: 'Compare impressions, viewability and CTR per website, page and ad unit, against the previous period.' },
  { title: 'Implement recommendations', text: 'Act on placement and format suggestions, then watch the effect in the same dashboard.' },
] as const;

const INSIGHTS = [
  { title: 'Click heatmaps', text: 'Hot spots over the page show which links, buttons and ads attract attention.', Illustration: ClickHeatmapIllustration },
  { title: 'Scroll depth', text: 'Reach marks show how many readers see each part of the page, and so each ad slot.', Illustration: ScrollDepthIllustration },
  { title: 'Engagement time', text: 'Time spent per depth band reveals where readers slow down and read.', Illustration: EngagementIllustration },
  { title: 'Ad unit metrics', text: 'Viewability, CTR and impressions for every unit, graded so weak placements stand out.', Illustration: AdUnitMetricsIllustration },
] as const;

export default function LandingRoute() {
  return (
    <>
      <title>Foldline · Web analytics and ad placement optimisation</title>

      <section className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-20 pt-16 text-center sm:px-6 sm:pt-24 lg:px-8">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            Put your ads where your readers <span className="text-indigo-600">actually look</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Foldline tracks clicks, scroll depth and engagement on your pages, measures the viewability of every ad unit and tells you where
            placements will perform better.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <Link to="/auth/register" className={buttonClasses('primary', 'lg')}>
              Get Started
            </Link>
            <a href="#how-it-works" className={buttonClasses('secondary', 'lg')}>
              Learn More
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-title" className="py-20" id="features">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading eyebrow="Features" title="Key Features" id="features-title">
            Everything a publisher needs to understand reader behaviour and improve ad placement.
          </SectionHeading>
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-600 text-white">
                  <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
                    <path strokeLinecap="round" strokeLinejoin="round" d={feature.icon} />
                  </svg>
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-title" className="bg-slate-50 py-20" id="how-it-works">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading eyebrow="How It Works" title="From one script tag to better placements" id="how-title">
            Four steps, and the data starts arriving with your next visitor.
          </SectionHeading>
          <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-9 items-center justify-center rounded-full bg-indigo-100 text-sm font-bold text-indigo-700" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="insights-title" className="py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading eyebrow="Insights" title="Data driven insights" id="insights-title">
            The views you work with in Foldline, illustrated.
          </SectionHeading>
          <ul className="mt-14 grid gap-8 md:grid-cols-2">
            {INSIGHTS.map(({ title, text, Illustration }) => (
              <li key={title} className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
                <div className="bg-slate-100 p-4">
                  <Illustration />
                </div>
                <div className="p-6">
                  <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-sm text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="bg-indigo-700">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Ready to see what your readers see?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">Create an account, add your website and install the tracking code in minutes.</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <Link to="/auth/register" className={buttonClasses('secondary', 'lg')}>
              Create your free account
            </Link>
            <Link to="/docs" className="text-base font-semibold text-white underline-offset-4 hover:underline">
              Read the documentation <span aria-hidden="true">→</span>
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
