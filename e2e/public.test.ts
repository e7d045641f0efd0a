// Public screens in a real browser at 1280 and 375 px: landing, about, docs (with the recorded vote), contact, legal, 404, error screen.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, expectNoHorizontalOverflow, expectText, failRequests, holdRequests, launchBrowser, MOBILE_WIDTH, newPage, screenshot, signUpAndSignIn, WIDTHS } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withPage(width: number, run: (page: Page) => Promise<void>): Promise<void> {
  const page = await newPage(browser, server, { width });
  try {
    await run(page);
  } finally {
    await page.context().close();
  }
}

/** Opens the top-bar links: inline at desktop width, behind the menu button on mobile. */
async function openTopNav(page: Page, width: number): Promise<void> {
  if (width === MOBILE_WIDTH) await page.getByRole('button', { name: 'Open menu' }).click();
}

async function scrollOffset(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

describe.each(WIDTHS)('public screens at %i px', (width) => {
  it('landing: hero, six features, four steps, four insight cards, calls to action, footer links', async () => {
    await withPage(width, async (page) => {
      await page.goto('/');
      await expectText(page, /Put your ads where your readers/);
      expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/auth/register');
      expect(await page.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('#how-it-works');
      expect(await page.locator('#features li').count()).toBe(6);
      expect(await page.locator('#how-it-works li').count()).toBe(4);
      const steps = ['Install the tracking code', 'Collect behaviour data', 'Analyse ad performance', 'Implement recommendations'];
      for (const [index, step] of steps.entries()) await page.getByRole('heading', { name: `Step ${index + 1}: ${step}` }).waitFor();
      await expectText(page, 'Data driven insights');
      for (const card of ['Click heatmaps', 'Scroll depth', 'Engagement time', 'Ad unit metrics']) {
        expect(await page.getByRole('heading', { name: card, exact: true }).count()).toBeGreaterThan(0);
      }
      // Illustrations are inline drawings: no image is fetched from anywhere.
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.locator('svg[role="img"]').count()).toBe(4);
      const footerLinks = await page.locator('footer a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      for (const href of ['/#features', '/#how-it-works', '/about#testimonials', '/docs', '/contact', '/about', '/privacy-policy', '/terms-of-use']) {
        expect(footerLinks).toContain(href);
      }
      await expectNoHorizontalOverflow(page, 'landing');
      await checkA11y(page, 'landing');
      await screenshot(page, `landing-${width}`);

      await page.getByRole('link', { name: 'Learn More' }).click();
      await expect.poll(() => scrollOffset(page)).toBeGreaterThan(300);
      expect(page.url()).toMatch(/#how-it-works$/);

      await page.getByRole('link', { name: 'Get Started' }).click();
      await page.waitForURL('**/auth/register');
    });
  });

  it('top bar: section links, Login and Sign Up when signed out; Dashboard and Logout when signed in', async () => {
    await withPage(width, async (page) => {
      await page.goto('/about');
      await openTopNav(page, width);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Features' }).or(page.locator('#mobile-menu').getByRole('link', { name: 'Features' })).first().click();
      await page.waitForURL('**/#features');
      await expect.poll(() => scrollOffset(page)).toBeGreaterThan(200);
      await openTopNav(page, width);
      await page.getByRole('link', { name: 'Login' }).filter({ visible: true }).click();
      await page.waitForURL('**/auth/login');

      await signUpAndSignIn(page, server, '/');
      await openTopNav(page, width);
      expect(await page.getByRole('link', { name: 'Login' }).filter({ visible: true }).count()).toBe(0);
      await page.getByRole('link', { name: 'Dashboard' }).filter({ visible: true }).click();
      await page.waitForURL('**/dashboard');
      await page.goto('/');
      await openTopNav(page, width);
      await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
      await openTopNav(page, width);
      await page.getByRole('link', { name: 'Sign Up' }).filter({ visible: true }).waitFor();
    });
  });

  it('about: calls to action and #testimonials', async () => {
    await withPage(width, async (page) => {
      await page.goto('/about#testimonials');
      await expectText(page, 'About Foldline');
      await expectText(page, 'What publishers tell us');
      await expect.poll(() => scrollOffset(page)).toBeGreaterThan(300);
      const hrefs = await page.locator('main a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toContain('/auth/register');
      expect(hrefs).toContain('/contact');
      await expectNoHorizontalOverflow(page, 'about');
      await checkA11y(page, 'about');
      await screenshot(page, `about-${width}`);
    });
  });

  it('legal pages: effective date, New Jersey law, no data from children under 13', async () => {
    await withPage(width, async (page) => {
      await page.goto('/privacy-policy');
      await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
      await expectText(page, 'Effective date: April 01, 2025');
      await expectText(page, /do not knowingly collect any data from children under 13/);
      await expectNoHorizontalOverflow(page, 'privacy policy');
      await checkA11y(page, 'privacy policy');
      await screenshot(page, `privacy-policy-${width}`);

      await page.goto('/terms-of-use');
      await page.getByRole('heading', { name: 'Terms of Use', level: 1 }).waitFor();
      await expectText(page, 'Effective date: April 01, 2025');
      await expectText(page, /governed by the laws of the State of New Jersey/);
      await expectText(page, /children under 13/);
      await expectNoHorizontalOverflow(page, 'terms of use');
      await checkA11y(page, 'terms of use');
      await screenshot(page, `terms-of-use-${width}`);
    });
  });

  it('docs: ten sections, previous/next, deep links, and a helpfulness vote the server records', async () => {
    await withPage(width, async (page) => {
      await page.goto('/docs');
      await page.getByRole('heading', { name: 'Introduction', level: 2 }).waitFor();
      const sections = page.getByRole('navigation', { name: 'Documentation sections' }).getByRole('link');
      expect(await sections.allInnerTexts()).toEqual([
        'Introduction',
        'Getting Started',
        'Website Management',
        'Dashboard Features',
        'Heatmap Visualization',
        'Ad Unit Management',
        'Recommendations',
        'Advanced Settings',
        'Troubleshooting',
        'FAQs',
      ]);
      await expectNoHorizontalOverflow(page, 'docs');
      await checkA11y(page, 'docs');
      await screenshot(page, `docs-${width}`);

      await page.getByRole('link', { name: /Next: Getting Started/ }).click();
      await page.getByRole('heading', { name: 'Getting Started', level: 2 }).waitFor();
      await expectText(page, /<script defer src=".*\/api\/tracker\.js" data-site=".*"><\/script>/);
      await expectText(page, /at least 7 days of data/);
      await page.getByRole('link', { name: /Previous: Introduction/ }).click();
      await page.getByRole('heading', { name: 'Introduction', level: 2 }).waitFor();

      await page.goto('/docs#ad-unit-management');
      await page.getByRole('heading', { name: 'Ad Unit Management', level: 2 }).waitFor();
      await expectText(page, /at least 50 % of the ad's pixels are in view for at least 1 continuous second/);
      await page.goto('/docs#website-management');
      await expectText(page, /collect no new data/);
      await page.goto('/docs#faqs');
      await expectText(page, 'Passwords need at least 8 characters.');
      expect(await page.getByRole('link', { name: /Next:/ }).count()).toBe(0);

      const voted = page.waitForResponse((response) => response.url().endsWith('/api/docs/votes'));
      await page.getByRole('button', { name: 'Yes' }).click();
      const response = await voted;
      expect(response.status()).toBe(201);
      expect(response.request().postDataJSON()).toEqual({ section: 'faqs', helpful: true });
      await expectText(page, 'Thanks for your feedback!');
    });
  });

  it('docs: a vote that cannot be recorded says so', async () => {
    await withPage(width, async (page) => {
      await page.goto('/docs#troubleshooting');
      await failRequests(page, '**/api/docs/votes');
      await page.getByRole('button', { name: 'No' }).click();
      await expectText(page, 'Your vote could not be recorded. Please try again.');
    });
  });

  it('contact: required fields, Sending..., success panel, send another, error panel, try again, FAQ and address', async () => {
    await withPage(width, async (page) => {
      await page.goto('/contact');
      await expectText(page, 'Frequently asked questions');
      expect(await page.locator('details').count()).toBe(6);
      await page.locator('details summary').first().click();
      await expectText(page, /paste it into the head section/);
      await expectText(page, 'support@foldline.io');
      expect(await page.getByRole('textbox', { name: 'Message', exact: true }).getAttribute('rows')).toBe('4');
      await expectNoHorizontalOverflow(page, 'contact');
      await checkA11y(page, 'contact');
      await screenshot(page, `contact-${width}`);

      await page.getByRole('button', { name: 'Send Message' }).click();
      await expectText(page, 'Please fill in your name, email and message.');

      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Publisher');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
      await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Demo');
      await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Could we see a demo for our team?');
      const held = await holdRequests(page, '**/api/contact');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByRole('button', { name: 'Sending...' }).waitFor();
      expect(await page.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
      await held.release();
      await expectText(page, 'Message sent successfully');
      await expectText(page, 'Thanks for reaching out! Our team will get back to you soon.');
      await page.getByRole('button', { name: 'Send another message' }).click();
      // The form comes back empty.
      expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('');

      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Publisher');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
      await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Second message');
      const restore = await failRequests(page, '**/api/contact');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expectText(page, 'Error sending message');
      await expectText(page, 'There was an error sending your message. Please try again.');
      await checkA11y(page, 'contact error');
      await restore();
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('button', { name: 'Send Message' }).waitFor();
    });
  });

  it('404: any other path shows Page not found with Go home and Dashboard', async () => {
    await withPage(width, async (page) => {
      await page.goto('/no/such/page');
      await expectText(page, 'Page not found');
      await expectText(page, "Sorry, we couldn't find the page you're looking for.");
      expect(await page.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
      await expectNoHorizontalOverflow(page, '404');
      await checkA11y(page, '404');
      await screenshot(page, `not-found-${width}`);
      await page.getByRole('link', { name: 'Go home' }).click();
      await page.waitForURL(`${server.url}/`);
    });
  });

  it('error screen: a screen that fails to load shows Something went wrong and Reload Page recovers', async () => {
    await withPage(width, async (page) => {
      await page.goto('/');
      await expectText(page, /Put your ads where your readers/);
      const restore = await failRequests(page, /\/assets\/about-[^/]*\.js$/);
      await page.locator('footer').getByRole('link', { name: 'About' }).click();
      await expectText(page, 'Something went wrong');
      await expectNoHorizontalOverflow(page, 'error screen');
      await checkA11y(page, 'error screen');
      await screenshot(page, `error-screen-${width}`);
      await restore();
      await page.getByRole('button', { name: 'Reload Page' }).click();
      await expectText(page, 'About Foldline');
    });
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy, no framing and no sniffing, and the app runs under them without a violation', async () => {
    await withPage(1280, async (page) => {
      // Every violation the browser reports, from the first script on.
      await page.addInitScript(() => {
        const w = window as unknown as { cspViolations: string[] };
        w.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => w.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
      for (const path of ['/', '/docs', '/auth/login', '/dashboard/websites']) {
        const response = await page.goto(path);
        const headers = response!.headers();
        expect(headers['content-security-policy'], path).toContain("script-src 'self'");
        expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
        expect(headers['x-frame-options'], path).toBe('DENY');
        expect(headers['x-content-type-options'], path).toBe('nosniff');
        await page.locator('#root *').first().waitFor();
        expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
      }
      // An inline script injected into the page does not run.
      const ran = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true';
        document.body.append(script);
        return (window as unknown as { injected?: boolean }).injected === true;
      });
      expect(ran).toBe(false);
    });
  });
});
