// /privacy-policy — what Foldline collects, why, and the rights of account holders and visitors.
import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../components/legal-page.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Information we collect from account holders',
    body: (
      <p>
        When you create an account we store your name, your email address and a salted hash of your password (never the password itself).
        For each website you add we store its name, domain, timezone, status and tracking settings.
      </p>
    ),
  },
  {
    title: 'Information the tracking script collects from visitors',
    body: (
      <>
        <p>
          On websites that install the Foldline tracking script we record page views, click positions, scroll depth, engagement time, the
          viewport width, the browser family and the ad slots on the page with their impressions, viewability and clicks.
        </p>
        <p>
          Foldline sets no cookies. Visitors are counted with a daily-rotating, salted hash of the website, the IP address and the user agent;
          the raw IP address is never stored, and the hash cannot be linked across days.
        </p>
      </>
    ),
  },
  {
    title: 'How we use information',
    body: (
      <p>
        We use this information only to provide the service: to show analytics, heatmaps and ad metrics to the owner of the website, to
        compute placement recommendations, to send password-reset emails you ask for and to answer messages you send us. We do not sell
        personal information and we do not use it for advertising profiles.
      </p>
    ),
  },
  {
    title: 'Where data is stored',
    body: (
      <p>
        Foldline is self-hostable: the operator of each Foldline server decides where it runs and is responsible for the data stored on
        it. Data stays on that server and on the databases its operator configures.
      </p>
    ),
  },
  {
    title: 'Retention and deletion',
    body: (
      <p>
        You can clear the data of a single website, clear all of your data or delete your account at any time from the dashboard. Deleting
        your account removes your profile, your websites and their analytics.
      </p>
    ),
  },
  {
    title: "Children's privacy",
    body: (
      <p>
        Foldline is not directed at children. We do not knowingly collect any data from children under 13. If you believe a child under 13
        has given us personal information, contact us and we will delete it.
      </p>
    ),
  },
  {
    title: 'Security',
    body: (
      <p>
        Passwords are hashed, sessions use short-lived access tokens with rotating refresh tokens, and every request for a user&apos;s data is
        checked against that user. No system is perfectly secure, and we will tell affected users promptly about any breach.
      </p>
    ),
  },
  {
    title: 'Changes and contact',
    body: (
      <p>
        We will post any change to this policy on this page with a new effective date. Questions about privacy are welcome through our{' '}
        <Link to="/contact" className="font-semibold text-indigo-600 hover:text-indigo-500">
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export default function PrivacyPolicyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>This policy explains what information Foldline collects, how it is used and the choices you have.</p>}
      sections={SECTIONS}
    />
  );
}
