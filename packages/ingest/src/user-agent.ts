// Browser and operating system names from a user agent (bowser), cached because the same few agents repeat.
import Bowser from 'bowser';

export interface UserAgentInfo {
  browser: string;
  os: string;
}

const MAX_ENTRIES = 5_000;
const cache = new Map<string, UserAgentInfo>();

export function parseUserAgent(userAgent: string): UserAgentInfo {
  const hit = cache.get(userAgent);
  if (hit) return hit;
  const parsed = Bowser.parse(userAgent);
  const info = { browser: parsed.browser.name ?? 'Unknown', os: parsed.os.name ?? 'Unknown' };
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(userAgent, info);
  return info;
}
