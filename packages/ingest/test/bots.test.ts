// Bot detection and host matching: the two judgements the collector makes on every beacon.
import { describe, expect, it } from 'vitest';
import { isBotUserAgent } from '../src/bots.ts';
import { hostBelongsTo } from '../src/website-cache.ts';

describe('isBotUserAgent', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
    'curl/8.5.0',
    'python-requests/2.31.0',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)',
    '',
    'short',
  ])('flags %j', (userAgent) => expect(isBotUserAgent(userAgent)).toBe(true));

  // isbot's list: crawlers, fetchers and HTTP clients the collector's own pattern let through.
  it.each([
    'Mediapartners-Google',
    'Mozilla/5.0 (compatible; Google-InspectionTool/1.0)',
    'Google Page Speed Insights',
    'WhatsApp/2.23.20.0',
    'Pinterest/0.2 (+http://www.pinterest.com/)',
    'PostmanRuntime/7.36.0',
    'aiohttp/3.9.1',
    'httpx/0.27.0',
    'Deno/1.40.0',
    'Go 1.1 package http',
  ])('flags %j, which a pattern of its own missed', (userAgent) => expect(isBotUserAgent(userAgent)).toBe(true));

  // What isbot knows only at the start of a user agent, or not at all: still caught anywhere, as before it.
  const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
  it.each(['Lighthouse', 'Puppeteer', 'WebDriver', 'python-requests/2.31', 'Wget/1.21', 'axios/1.6.0', 'undici', 'libwww-perl/6', 'facebookexternalhit/1.1', 'UptimeRobot', 'Datadog', 'Prerender', 'AhrefsSiteAudit/6.1', 'SemrushBot', 'YandexMetrika/2.0', 'Yahoo! Slurp'])(
    'flags a browser\'s user agent ending in %j',
    (name) => expect(isBotUserAgent(`${browser} ${name}`)).toBe(true),
  );

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/460.0.0.0]',
  ])('lets %j through', (userAgent) => expect(isBotUserAgent(userAgent)).toBe(false));
});

describe('hostBelongsTo', () => {
  it('accepts the domain, its subdomains and www on either side', () => {
    expect(hostBelongsTo('example.com', 'example.com')).toBe(true);
    expect(hostBelongsTo('news.example.com', 'example.com')).toBe(true);
    expect(hostBelongsTo('www.example.com', 'example.com')).toBe(true);
    expect(hostBelongsTo('example.com', 'www.example.com')).toBe(true);
  });
  it('refuses look-alikes', () => {
    expect(hostBelongsTo('badexample.com', 'example.com')).toBe(false);
    expect(hostBelongsTo('example.com.evil.net', 'example.com')).toBe(false);
    expect(hostBelongsTo('example.org', 'example.com')).toBe(false);
  });
});
