// Beacon text made fit for every store, the same way whichever stores run (issue 22): PostgreSQL refuses a NUL
// character and text longer than its varchar where SQLite keeps both, and ClickHouse refuses the JSON of a lone
// surrogate (failing the whole group-commit write, other readers' beacons with it). The collector cleans and cuts the
// text once, before a page or unit is registered or a row is built, so the metadata store and the event store hold
// the same text and a beacon valid on one installation is valid on every other.
import type { CollectEvent } from '@foldline/contracts';
import { AD_UNIT_COLUMN_SIZES, PAGE_COLUMN_SIZES, PAGE_INDEX_TEXT_BYTES } from '@foldline/metadata/column-sizes';

/** NUL (PostgreSQL refuses it) and the other C0 controls and DEL, which no title, path, key or selector means to
 * carry and which only make text that looks alike differ. Tab, line feed and carriage return are harmless: kept. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The longest Prebid bidder code a 'bid' event carries (contracts' collect.ts). */
const BIDDER_CHARS = 64;

/** The most bytes a page path takes, so that a title always has room in the page list indexes (see pageTitle). */
const PAGE_PATH_BYTES = 2048;

/** Without control characters, and with U+FFFD for each lone surrogate (what UTF-8 stores would write anyway). */
export function cleanText(text: string): string {
  return text.replace(CONTROLS, '').replace(LONE_SURROGATES, '\ufffd');
}

/** At most `max` UTF-16 units, never ending between the halves of a pair. A varchar(n) counts characters, and a
 * text has never more characters than units, so the cut text fits. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** Cleaned and cut to a column's size. */
export function fitText(text: string, max: number): string {
  return cutText(cleanText(text), max);
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');
/** What a character takes in an index on lower(title): lower-casing lengthens a few ('Ⱥ' is 2 bytes, 'ⱥ' 3). */
const loweredBytes = (char: string) => Math.max(utf8Bytes(char), utf8Bytes(char.toLowerCase()));

/** At most `max` bytes by `size`, cut between characters. */
function cutBytes(text: string, max: number, size: (char: string) => number = utf8Bytes): string {
  if (text.length * 4 <= max || size(text) <= max) return text;
  let used = 0;
  let end = 0;
  for (const char of text) {
    used += size(char);
    if (used > max) break;
    end += char.length;
  }
  return text.slice(0, end);
}

function decodeSafely(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The path a page is registered under (its unique key within the website): decoded, cleaned, '/' when nothing is
 * left, and cut to the column. A cut is a prefix, so the same long path always maps to the same page.
 */
export function pagePathOf(url: URL): string {
  const path = cleanText(decodeSafely(url.pathname)) || '/';
  return cutBytes(cutText(path, PAGE_COLUMN_SIZES.url_path), PAGE_PATH_BYTES);
}

/** The origin the page was reached under, or '' when it is longer than its column: a cut origin would be nobody's
 * address, and with none the page is shown under its website's domain (pageUrl in contracts). */
export function pageOriginOf(url: URL): string {
  return url.origin.length <= PAGE_COLUMN_SIZES.origin ? url.origin : '';
}

/**
 * A page title (cleaned) cut to its column and to what the page list indexes leave beside the page's path: on
 * PostgreSQL those hold url_path and lower(title) in one entry of at most 2,704 bytes (PAGE_INDEX_TEXT_BYTES).
 * The registry gives a page with no title this of its path.
 */
export function pageTitle(title: string, urlPath: string): string {
  return cutBytes(cutText(title, PAGE_COLUMN_SIZES.title), PAGE_INDEX_TEXT_BYTES - utf8Bytes(urlPath), loweredBytes);
}

/** An event with its text cleaned, and cut where it goes into a metadata column. */
export function normaliseEvent(event: CollectEvent, urlPath: string): CollectEvent {
  switch (event.k) {
    case 'pv':
      return { ...event, t: pageTitle(cleanText(event.t), urlPath), r: cleanText(event.r) };
    case 'click':
      return { ...event, s: cleanText(event.s) };
    case 'ad': {
      const { slot } = event;
      // The unit's ad_format is built from its size (at most '1000000x1000000', within AD_UNIT_COLUMN_SIZES.ad_format).
      return {
        ...event,
        slot: {
          ...slot,
          key: fitText(slot.key, AD_UNIT_COLUMN_SIZES.slot_key),
          name: fitText(slot.name, AD_UNIT_COLUMN_SIZES.name),
          ...(slot.gid === undefined ? {} : { gid: fitText(slot.gid, AD_UNIT_COLUMN_SIZES.google_ad_slot_id) }),
          sel: fitText(slot.sel, AD_UNIT_COLUMN_SIZES.position_selector),
        },
        // Only the event store keeps the bidder; cut to the beacon's own bound.
        ...(event.bidder === undefined ? {} : { bidder: fitText(event.bidder, BIDDER_CHARS) }),
      };
    }
    default:
      return event;
  }
}
