// Random ids for pageviews and impressions, and the session id kept in sessionStorage (never a cookie).
const SESSION_MS = 1800000;
const hex = (n: number) => (n + 256).toString(16).slice(1);

/** A version 4 UUID from crypto.getRandomValues (randomUUID exists only on secure pages). */
export const uuid = (): string => {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 15) | 64;
  b[8] = (b[8]! & 63) | 128;
  return Array.from(b, hex).join('').replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
};

/** The tab's session id, renewed after 30 minutes without activity; each call counts as activity. */
export const sessionId = (): string => {
  let id = '';
  try {
    const [stored, at] = (sessionStorage.getItem('fl_s') || '').split('.');
    id = stored && Date.now() - +at! < SESSION_MS ? stored : uuid();
    sessionStorage.setItem('fl_s', `${id}.${Date.now()}`);
  } catch {
    // Storage refused (privacy modes): one session per page load.
    id = id || uuid();
  }
  return id;
};
