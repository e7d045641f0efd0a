// /terms-of-use — the terms that govern use of Foldline (New Jersey law).
import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../components/legal-page.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Acceptance of these terms',
    body: <p>By creating an account or using Foldline you agree to these terms. If you do not agree, do not use the service.</p>,
  },
  {
    title: 'Your account',
    body: (
      <p>
        You must give accurate information, keep your password secret (at least 8 characters) and tell us about any unauthorised use of
        your account. You are responsible for what happens under your account.
      </p>
    ),
  },
  {
    title: 'Websites you track',
    body: (
      <p>
        You may add only websites you own or are authorised to manage. You are responsible for telling your visitors about analytics in
        your own privacy notice and for obtaining any consent your local law requires before the tracking script runs.
      </p>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <p>
        Do not use Foldline to break the law, to track people across websites you do not control, to overload or probe the service, or to
        collect information from children under 13. Foldline is not intended for children under 13 and no data is knowingly collected from
        them.
      </p>
    ),
  },
  {
    title: 'Recommendations and results',
    body: (
      <p>
        Metrics and recommendations are estimates based on the data collected. We recommend at least 7 days of data before judging a
        change. We do not guarantee any revenue, viewability or other result.
      </p>
    ),
  },
  {
    title: 'Termination',
    body: <p>You may delete your account at any time from the settings screen. We may suspend accounts that break these terms.</p>,
  },
  {
    title: 'Disclaimer and limitation of liability',
    body: (
      <p>
        The service is provided &ldquo;as is&rdquo; without warranties of any kind. To the extent the law allows, we are not liable for indirect,
        incidental or consequential damages, or for lost revenue or profits.
      </p>
    ),
  },
  {
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the State of New Jersey, United States, without regard to its conflict-of-law rules. Any
        dispute will be brought in the state or federal courts located in New Jersey.
      </p>
    ),
  },
  {
    title: 'Changes and contact',
    body: (
      <p>
        We will post changes on this page with a new effective date. Questions about these terms are welcome through our{' '}
        <Link to="/contact" className="font-semibold text-indigo-600 hover:text-indigo-500">
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export default function TermsOfUseRoute() {
  return <LegalPage title="Terms of Use" intro={<p>These terms govern your use of Foldline&apos;s website, dashboard and tracking script.</p>} sections={SECTIONS} />;
}
