// Recognises user agents that are not people: crawlers, headless browsers, HTTP libraries and monitors. The list is
// isbot's (maintained against real traffic); a few names are added that it knows only at the start of a user agent
// (python-requests/…, Wget/…) or not at all, which the collector's own pattern caught anywhere before.
import { isbot } from 'isbot';

/** What isbot lets through that this collector always refused: automation and HTTP clients that append their name
 * to a browser's user agent, and crawlers and monitors that name themselves without 'bot'. */
const ALSO_AUTOMATED =
  /lighthouse|puppeteer|webdriver|slurp|wget\/|python-|python\/|axios\/|undici|libwww|facebookexternalhit|uptime|datadog|prerender|ahrefs|semrush|yandex/i;

/** True for empty, absurdly short or known automated user agents. */
export function isBotUserAgent(userAgent: string): boolean {
  // isbot passes an empty user agent; no browser sends one under 10 characters.
  if (userAgent.length < 10) return true;
  return isbot(userAgent) || ALSO_AUTOMATED.test(userAgent);
}
