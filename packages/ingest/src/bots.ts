// Recognises user agents that are not people: crawlers, headless browsers, HTTP libraries and monitors.
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|scrap|headless|lighthouse|pagespeed|phantomjs|puppeteer|playwright|selenium|webdriver|curl\/|wget\/|python-|python\/|java\/|go-http-client|okhttp|axios\/|node-fetch|undici|httpclient|libwww|feedfetcher|facebookexternalhit|preview|monitor|pingdom|uptime|statuscake|datadog|prerender|ahrefs|semrush|yandex|baiduspider|bingpreview|applebot|gptbot|claudebot|ccbot|bytespider/i;

/** True for empty, absurdly short or known automated user agents. */
export function isBotUserAgent(userAgent: string): boolean {
  if (userAgent.length < 10) return true;
  return BOT_PATTERN.test(userAgent);
}
