// Where a pageview's reader came from (issue 26): search, social, direct or another site, told by the pageview's
// referrer host and UTM parameters, which the pageviews table already stores. One definition in two forms — a function
// for tests and documentation, and the same rules as a ClickHouse expression — over the lists below. The rules, in order:
//   1. Tagged (utm_source or utm_medium set): the tags decide, not the referrer. A social medium, then a search
//      medium, then a social source (a name or a host), then a search source; any other tag is 'referral' (a campaign
//      from another site or a newsletter).
//   2. Untagged: the referrer's host (the collector strips 'www.' and stores '' for the page's own site): a social
//      network's, then a search engine's; any other host is 'referral'.
//   3. Nothing: 'direct' (typed or bookmarked addresses, apps that send no referrer, and navigation within the site).
// A host entry matches the host and its subdomains ('bing.com' matches 'cn.bing.com'); an entry ending in '.*' matches
// every country domain of the name ('google.*': google.com, google.co.uk, google.com.au, google.de).
import type { TrafficSource } from '@foldline/contracts';

/** Search engines' referrer hosts. */
export const SEARCH_HOSTS = [
  'google.*',
  'bing.com',
  'duckduckgo.com',
  'search.yahoo.*',
  'yandex.*',
  'baidu.com',
  'ecosia.org',
  'qwant.com',
  'search.brave.com',
  'startpage.com',
  'kagi.com',
  'ask.com',
  'naver.com',
  'search.seznam.cz',
  'sogou.com',
  'so.com',
] as const;

/** Social networks' referrer hosts, their link shorteners and apps' link wrappers included. */
export const SOCIAL_HOSTS = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'instagram.com',
  'twitter.com',
  'x.com',
  't.co',
  'linkedin.com',
  'lnkd.in',
  'reddit.com',
  'pinterest.*',
  'tiktok.com',
  'youtube.com',
  'youtu.be',
  'threads.net',
  'bsky.app',
  'mastodon.social',
  'tumblr.com',
  'snapchat.com',
  'vk.com',
  'weibo.com',
  'news.ycombinator.com',
  't.me',
  'wa.me',
  'whatsapp.com',
  'discord.com',
  'quora.com',
  'flipboard.com',
] as const;

/** utm_source names (lower case) that stand for a search engine or a social network, besides their hosts. */
export const SEARCH_SOURCES = ['google', 'bing', 'duckduckgo', 'yahoo', 'yandex', 'baidu', 'ecosia', 'qwant', 'brave', 'startpage', 'kagi', 'naver', 'seznam'] as const;
export const SOCIAL_SOURCES = [
  'facebook',
  'fb',
  'instagram',
  'ig',
  'twitter',
  'x',
  'linkedin',
  'reddit',
  'pinterest',
  'tiktok',
  'youtube',
  'threads',
  'bluesky',
  'mastodon',
  'tumblr',
  'snapchat',
  'whatsapp',
  'telegram',
  'hackernews',
] as const;

/** utm_medium values (lower case) that say search or social whatever the source. */
export const SEARCH_MEDIUMS = ['organic', 'search', 'paid_search', 'paid-search', 'paidsearch', 'sem'] as const;
export const SOCIAL_MEDIUMS = [
  'social',
  'social-network',
  'social_network',
  'social network',
  'social-media',
  'social_media',
  'social media',
  'sm',
  'paid_social',
  'paid-social',
  'paidsocial',
  'organic_social',
  'organic-social',
] as const;

/** A country domain after a name: 'com', 'de', 'co.uk', 'com.au'. */
const COUNTRY_DOMAIN = '(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})';

/** One anchored pattern for a list of host entries, the same for RE2 (ClickHouse's match) and JavaScript. */
export function hostPattern(hosts: readonly string[]): string {
  const entries = hosts.map((host) => {
    const wildcard = host.endsWith('.*');
    const name = (wildcard ? host.slice(0, -2) : host).replace(/[.\\+?()[\]{}|^$*]/g, '\\$&');
    return wildcard ? `${name}\\.${COUNTRY_DOMAIN}` : name;
  });
  return `^(?:[^.]+\\.)*(?:${entries.join('|')})$`;
}

const SEARCH_PATTERN = hostPattern(SEARCH_HOSTS);
const SOCIAL_PATTERN = hostPattern(SOCIAL_HOSTS);
const searchHost = new RegExp(SEARCH_PATTERN);
const socialHost = new RegExp(SOCIAL_PATTERN);
const has = (list: readonly string[], value: string) => list.includes(value);

export interface PageviewReferral {
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
}

/** The rules above, for one pageview. */
export function trafficSourceOf({ referrerHost, utmSource, utmMedium }: PageviewReferral): TrafficSource {
  const source = utmSource.trim().toLowerCase();
  const medium = utmMedium.trim().toLowerCase();
  if (source || medium) {
    if (has(SOCIAL_MEDIUMS, medium)) return 'social';
    if (has(SEARCH_MEDIUMS, medium)) return 'search';
    if (has(SOCIAL_SOURCES, source) || socialHost.test(source)) return 'social';
    if (has(SEARCH_SOURCES, source) || searchHost.test(source)) return 'search';
    return 'referral';
  }
  const host = referrerHost.toLowerCase();
  if (socialHost.test(host)) return 'social';
  if (searchHost.test(host)) return 'search';
  return host ? 'referral' : 'direct';
}

/** A string as a ClickHouse literal: the expression below is stored in a materialized view's definition, so its lists
 * are written into it rather than bound. */
const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const list = (values: readonly string[]) => `[${values.map(literal).join(', ')}]`;

/** The same rules as a ClickHouse expression over a pageviews row (referrer_host, utm_source, utm_medium), its lists
 * written in. Evaluated once per pageview when it is stored (event-store migration 029: pageview_segments.source); a
 * change to the lists or rules needs a migration that re-creates that view and rewrites the stored sources. */
export function trafficSourceSql(): string {
  const source = 'lower(trimBoth(utm_source))';
  const medium = 'lower(trimBoth(utm_medium))';
  return `multiIf(
    ${source} != '' OR ${medium} != '', multiIf(
      ${medium} IN ${list(SOCIAL_MEDIUMS)}, 'social',
      ${medium} IN ${list(SEARCH_MEDIUMS)}, 'search',
      ${source} IN ${list(SOCIAL_SOURCES)} OR match(${source}, ${literal(SOCIAL_PATTERN)}), 'social',
      ${source} IN ${list(SEARCH_SOURCES)} OR match(${source}, ${literal(SEARCH_PATTERN)}), 'search',
      'referral'),
    match(lower(referrer_host), ${literal(SOCIAL_PATTERN)}), 'social',
    match(lower(referrer_host), ${literal(SEARCH_PATTERN)}), 'search',
    referrer_host != '', 'referral',
    'direct')`;
}
