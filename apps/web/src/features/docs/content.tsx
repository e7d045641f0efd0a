// The documentation's ten sections, in reading order; ids are the contract's DOC_SECTIONS (checked by the type).
import type { ReactNode } from 'react';
import type { DocVoteBody } from '@foldline/contracts';
import { Link } from 'react-router';

export type DocSectionId = DocVoteBody['section'];

export interface DocSection {
  id: DocSectionId;
  title: string;
  body: ReactNode;
}

const SNIPPET = '<script defer src="https://your-foldline-server/api/tracker.js" data-site="YOUR_TRACKING_CODE"></script>';

function Code({ children }: { children: string }) {
  return (
    <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 text-xs text-slate-100" tabIndex={0} aria-label="Code example">
      <code>{children}</code>
    </pre>
  );
}

const link = 'font-semibold text-indigo-600 hover:text-indigo-500';

/** Every section once, in the order the previous/next buttons follow. Record<> makes a missing id a type error. */
const BY_ID: Record<DocSectionId, Omit<DocSection, 'id'>> = {
  introduction: {
    title: 'Introduction',
    body: (
      <>
        <p>
          Foldline is web analytics for publishers. A small tracking script on your pages records how visitors click, scroll and spend
          time, and which ad slots render and are seen. The dashboard turns that into heatmaps, ad metrics per website, page and ad unit,
          and recommendations on where ads would perform better.
        </p>
        <p>Foldline runs on your own server. It uses no cookies and never stores a visitor&apos;s raw IP address.</p>
        <p>Where Foldline behaves differently from older dashboards of this kind, it is on purpose:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>&lsquo;Remember me&rsquo; on the sign-in form works: unticked, your session ends when you close the browser.</li>
          <li>The Ad Units tab shows your real ad units and recommendations, never sample data.</li>
          <li>If a website fails to load, the edit screen says so instead of showing a made-up website.</li>
          <li>Moving around the dashboard sidebar does not reload the page, and the vote at the bottom of each page is recorded.</li>
          <li>
            The performance grade of an ad unit measures its CTR against 0.5 %, ten times a display ad&apos;s typical CTR, rather
            than 5 %: against 5 %, a unit seen by three readers in four would grade Poor.
          </li>
          <li>
            A click-through rate below 1 % is shown with two decimals (0.12 %), since display ads&apos; CTRs sit around 0.1 % and one
            decimal would show them all alike.
          </li>
          <li>
            <strong>Last Activity</strong> in Your Websites is the time of the website&apos;s latest tracked event, or its creation date
            before the first.
          </li>
          <li>
            The <strong>Pages</strong> tab of a website searches and sorts on the server and shows 50 pages at a time, so it stays quick
            with tens of thousands of pages.
          </li>
          <li>
            The <strong>Ad Units</strong> tab shows each ad unit once, with the pages it sits on as a breakdown, 25 units at a time. Units
            go by the names your ad server knows them by, and you can rename them.
          </li>
        </ul>
      </>
    ),
  },
  'getting-started': {
    title: 'Getting Started',
    body: (
      <>
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            <Link to="/auth/register" className={link}>
              Create an account
            </Link>{' '}
            with your name, email and a password of at least 8 characters.
          </li>
          <li>
            In the dashboard, open <strong>Websites</strong> and choose <strong>Add Website</strong>. Enter a name and the domain (for
            example <code>example.com</code>).
          </li>
          <li>Copy the tracking code shown after creation and paste it into the <code>&lt;head&gt;</code> section of every page:</li>
        </ol>
        <Code>{SNIPPET}</Code>
        <p>
          The real snippet, with your server address and your website&apos;s tracking code, is on the website&apos;s Overview tab. The{' '}
          <code>defer</code> attribute keeps the script from delaying your page.
        </p>
        <p>
          Press <strong>Verify Installation</strong> on the Overview tab to check that the script is found on your home page. Data appears
          within seconds of the first visit, but wait for at least 7 days of data before judging results or acting on recommendations.
        </p>
      </>
    ),
  },
  'website-management': {
    title: 'Website Management',
    body: (
      <>
        <p>
          The <strong>Websites</strong> screen lists your websites with their status and tracking code; search by name or domain and filter
          by status. Each website has a name, a domain, a timezone (used to cut days for display) and a status.
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>The domain cannot be changed after creation: add a new website for a new domain.</li>
          <li>
            <strong>Inactive</strong> websites collect no new data: the collector ignores their events until you set them active again.
          </li>
          <li>Deleting a website removes it with all of its pages, ad units and analytics. This cannot be undone.</li>
          <li>
            The <strong>Pages</strong> tab lists every page the tracking code has seen: search by title or path, sort by name, path, last
            activity or status (click a column or use <strong>Sort by</strong>), and move through the list 50 pages at a time.
          </li>
          <li>
            <strong>Clear Website Data</strong> (Settings tab, Danger Zone) removes the collected data but keeps the website and its
            tracking code.
          </li>
        </ul>
      </>
    ),
  },
  'dashboard-features': {
    title: 'Dashboard Features',
    body: (
      <>
        <p>The dashboard home summarises all your websites, or one of them, for a period: the last 24 hours, 7, 30 or 90 days, or the last year.</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>Total Ad Impressions</strong>, <strong>Average Viewability</strong>, <strong>Average Click-Through Rate</strong> and{' '}
            <strong>Optimization Potential</strong>, each with its change from the previous period of the same length: in percent for
            impressions, in percentage points (pp) for viewability and CTR. When the previous period has no data, the card says so
            instead of showing a change.
          </li>
          <li>
            <strong>Top Performing Pages</strong>: sessions, engagement time, scroll depth, viewability and CTR per page, with a link to the
            page&apos;s analytics.
          </li>
          <li>
            <strong>Your Websites</strong>: every website with its status, its last activity and a link to its detail screen.
          </li>
        </ul>
        <p>
          Figures are shown with one decimal, a CTR below 1 % with two. Large counts in tables are shortened (12.3K); hover for the
          exact figure. Data is refreshed each time you come back to the browser tab.
        </p>
      </>
    ),
  },
  'heatmap-visualization': {
    title: 'Heatmap Visualization',
    body: (
      <>
        <p>Open a page from a website&apos;s Pages tab to see its analytics and three heatmaps drawn over a screenshot of the page:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>Click Heatmap</strong>: where visitors click; hot areas are red and white.
          </li>
          <li>
            <strong>Scroll Depth Analysis</strong>: the share of visits that reach each depth, with marks at 0, 25, 50, 75 and 100 percent.
          </li>
          <li>
            <strong>Engagement Heatmap</strong>: where visitors spend their time. Each visit counts by the share of its own time a part
            of the page was on screen, so one long visit does not outweigh many short ones; the legend gives the figure red stands for
            (&ldquo;readers spent on average 30 % of their time here&rdquo;).
          </li>
        </ul>
        <p>Every map can be saved as a PNG (Download PNG), with its legend and the page, device and period it is of.</p>
        <p>
          Choose the device (desktop, tablet or mobile) and the period. Screenshots are taken at 1920, 768 and 375 pixels wide, and clicks
          are placed relative to the element that was clicked, so the map stays accurate when layouts differ between visitors.
        </p>
      </>
    ),
  },
  'ad-unit-management': {
    title: 'Ad Unit Management',
    body: (
      <>
        <p>
          With &lsquo;Auto-detect ad units&rsquo; on, the tracker finds ad manager ad slots on your pages and reports their size, position,
          impressions, viewability and clicks. The Ad Units tab of a website lists them with filters by page, format and status.
        </p>
        <p>Foldline measures viewability by the MRC display standard:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>an impression is viewable when at least 50 % of the ad&apos;s pixels are in view for at least 1 continuous second, while the page is visible;</li>
          <li>for large ads (over 242,500 square pixels) 30 % of the pixels is enough;</li>
          <li>when Google Publisher Tag reports an impression as viewable, Foldline counts it too.</li>
        </ul>
        <p>
          Viewability is viewable impressions divided by measured impressions; CTR is ad clicks divided by impressions. Each unit gets a
          performance score from 0 to 100: half of it is its viewability, the other half its CTR measured against 0.5 % (a CTR of 0.5 %
          or more earns the whole half, 0.25 % half of it). The score grades the unit Excellent (80 or more), Good (60 or more),
          Average (40 or more) or Poor.
        </p>
        <p>
          A unit is one row however many pages and screen sizes it appears on: slots with the same Google Publisher Tag ad unit path,
          or the same AdSense slot, are one unit, and &lsquo;N pages&rsquo; opens its figures page by page. Its name is the last part of
          its ad unit path (<code>/1234/news/article_top</code> is &lsquo;article_top&rsquo;); an AdSense unit is named by its slot and its
          sizes (&lsquo;4821596307 · 300x250&rsquo;), never by its depth, which moves from day to day. The pencil beside a name renames the unit on every page, in page analytics and in recommendations;
          saving a blank name gives it back its automatic name.
        </p>
        <p>
          Beside each unit&apos;s viewability the tab also shows how it compares with the median viewability of the website&apos;s units
          in the same period, in percentage points (&lsquo;-12.0 pp vs site median&rsquo;): the units well below it are the ones worth moving.
        </p>
        <p>
          Under its impressions each unit shows its average time in view per impression. The <strong>Layout shift</strong> column
          shows the share of the unit&apos;s pageviews in which it pushed the content around (&lsquo;12.5% of views&rsquo;) and the layout
          shift it caused at the 75th percentile (&lsquo;p75 0.120&rsquo;; Core Web Vitals count 0.1 or less as good, over 0.25 as poor),
          counted as page analytics&apos; Ad experience card counts it. Only Chrome, Edge and other Chromium browsers report layout
          shift, so both are over their pageviews; a unit with none of them shows &lsquo;—&rsquo; and says why. At 1280 px the
          specification&apos;s columns are in view and Layout shift and the revenue columns are a sideways scroll away; the unit&apos;s
          name stays at the left.
        </p>
      </>
    ),
  },
  recommendations: {
    title: 'Recommendations',
    body: (
      <>
        <p>
          Foldline suggests three kinds of change, each with its reason in plain words, the extra viewable impressions it promises over 30
          days (with the range it may fall in), the number of pageviews it rests on and a confidence. Every change is judged by the
          page&apos;s ad value: the sum over its units of each unit&apos;s view rate (the share of readers who see it for a second) times
          what a viewable impression of its format is worth on the device. Those worths are your own where you set them in the
          website&apos;s Ads &amp; revenue settings; else, where a format had at least 1,000 viewable impressions on the device in the
          last 30 days, its measured viewable eCPM (your revenue per 1,000 viewable impressions, from Prebid and imported reports)
          relative to your 300x250&apos;s; else default relative values (a 300x250 is 1; on phones a 320x50 is 0.35, on desktops a
          300x600 is 1.6 and a 160x600 0.7). Each recommendation says which it used. So more readers seeing a smaller, cheaper
          format is not counted as a gain.
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>New ad placement</strong>: a break between paragraphs of the main column that most readers see for a second, with no
            ad within a screen of it, and the in-content format worth most there.
          </li>
          <li>
            <strong>Move ad unit</strong>: a unit that few readers see, and a break they do see. Only suggested when the new place's
            predicted share of readers, at the low end of its range, beats the unit's measured share at the high end of its 95 % interval
            by at least 10 points.
          </li>
          <li>
            <strong>Format change</strong>: a format that belongs where the unit is (in-content formats only where the column is wide
            enough: 728x90 needs 728 px, 970x90 970 px; 160x600 and 300x600 only in a sidebar; a 320x50 anchor only at the edge of a
            phone&apos;s screen, never in place of an in-content unit) and that raises the page&apos;s ad value, even at the low ends of
            the ranges, by at least 10 % of what the unit is worth today.
          </li>
        </ul>
        <p>
          <strong>How the figures are made.</strong> For every page and device, Foldline takes the last 30 days of the readers' viewport
          positions and counts, for any rectangle of the page, the pageviews in which at least half of it (30 % for units over
          242,500 px²) stayed in view for one continuous second while the tab was visible: the MRC rule that ad servers count viewable
          impressions by. It checks that count against each existing unit's measured viewable impressions and corrects every prediction by
          the difference (the panel shows how far off the model was: its calibration). Each range holds both the 95 % sampling interval
          and the model's mean error on the page's units. High confidence needs the model checked on at least two of the page's own units
          and a place between their depths. The page's content breaks come from rendering the page, as for the heatmaps.
        </p>
        <p>
          <strong>Guardrails.</strong> Recommendations are withheld for a page and device with fewer than 300 pageviews in the last 30
          days (the panel says how many more it needs), and where the model misses the page's own units by more than 15 points. For every
          kind of change, on the page as it would be after it: no ad over another, units at least one screen apart, the top unit's middle
          at least 100 px down the page, never between a heading and its first paragraph nor inside a list, table, figure or quote, and
          ads within the density limit (every ad in the main content at most 30 % of its height: the Better Ads limit on phones, and the
          default on desktops and tablets, where the website&apos;s Ads &amp; revenue settings can set it from 10 to 50 %). At most two new placements per page and device are suggested at a time.
        </p>
        <p>
          <strong>Optimization potential</strong> is the extra viewable impressions the open recommendations promise at least (the low end
          of each one's range; low-confidence ones are not counted), in percent of the period's viewable impressions: each
          recommendation's low extra share of readers times its page's pageviews on its device in the period. Apply one change at a time
          and compare the following 7 days with the previous ones.
        </p>
      </>
    ),
  },
  'advanced-settings': {
    title: 'Advanced Settings',
    body: (
      <>
        <p>The Settings tab of each website holds its collection preferences, all on by default:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>Collect click data</strong>, <strong>Collect scroll data</strong>, <strong>Collect engagement data</strong>: switch off
            what you do not need; the tracker then stops sending it.
          </li>
          <li>
            <strong>Auto-detect ad units</strong>: find ad manager ad slots automatically.
          </li>
        </ul>
        <p>
          The website form also holds two thresholds: the engagement threshold (default 2000 ms, typically 500 to 10000) and the scroll
          depth threshold (default 70 %, typically 10 to 100). Viewability uses a 50 % threshold and a view time of 1000 ms by default.
        </p>
        <p>
          <strong>Ads &amp; revenue</strong> sets what the recommendations weigh: the ad density limit on desktops and tablets (10 to
          50 % of the main content&apos;s height, default 30 %; phones stay at 30 %), and what a viewable impression of each format is
          worth on each device compared with a 300x250 (0.01 to 20; an empty field keeps the default shown). It also holds the currency
          of the website&apos;s revenue; left empty, it is the first currency found in the revenue data.
        </p>
      </>
    ),
  },
  troubleshooting: {
    title: 'Troubleshooting',
    body: (
      <>
        <p>If no data arrives or verification fails:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>Put the tracking code in the <code>&lt;head&gt;</code> section of your pages.</li>
          <li>Keep it exactly as provided: the <code>data-site</code> value identifies your website.</li>
          <li>Clear your browser cache and any page cache or CDN cache of your site.</li>
          <li>If you use a content management system, make sure its template includes header scripts.</li>
          <li>Check that the website is set to active: inactive websites collect no data.</li>
          <li>Visit your site from the domain you registered; events from other hosts are ignored.</li>
        </ul>
        <p>
          If you cannot sign in, use{' '}
          <Link to="/forgot-password" className={link}>
            Forgot your password?
          </Link>{' '}
          to receive a reset link by email. A link works once, for an hour, and only the newest one you asked for: asking again,
          resetting or changing your password retires the older ones. After five wrong passwords for one account, each further
          try has to wait a little longer, up to 15 minutes; resetting your password ends the wait at once.
        </p>
      </>
    ),
  },
  faqs: {
    title: 'FAQs',
    body: (
      <dl className="space-y-5">
        <div>
          <dt className="font-semibold text-slate-900">Does the tracker slow my pages down?</dt>
          <dd className="mt-1">No. It loads with <code>defer</code>, batches its events and sends them in the background.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Do I need a cookie banner for Foldline?</dt>
          <dd className="mt-1">Foldline sets no cookies and stores no raw IP addresses; check your local law for the notice it requires.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">How long until the numbers mean something?</dt>
          <dd className="mt-1">Collect at least 7 days of data before judging results, so weekdays and weekends are both included.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">What happens when I set a website inactive?</dt>
          <dd className="mt-1">It collects no new data until you set it active again; the data already collected stays.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">What are the password rules?</dt>
          <dd className="mt-1">Passwords need at least 8 characters.</dd>
        </div>
      </dl>
    ),
  },
};

const ORDER: readonly DocSectionId[] = [
  'introduction',
  'getting-started',
  'website-management',
  'dashboard-features',
  'heatmap-visualization',
  'ad-unit-management',
  'recommendations',
  'advanced-settings',
  'troubleshooting',
  'faqs',
];

export const DOC_SECTION_LIST: readonly DocSection[] = ORDER.map((id) => ({ id, ...BY_ID[id] }));

export function findSection(id: string): DocSection | undefined {
  return DOC_SECTION_LIST.find((section) => section.id === id);
}
