// The display formats the engine may recommend, where each belongs, and what a viewable impression of each is worth.
//
// Where (DESIGN.md, Recommendations; ../shared/research/ad-measurement.md §5): in-content formats go between blocks of
// the main column, and only where the column is wide enough (728x90 needs 728 px, 970x90 970 px); 160x600 and 300x600
// only in a side column; a phone anchor (320x50) only at the viewport's edge, never in place of an in-content unit nor
// as a new in-content slot — a 50 px banner between paragraphs is the lowest-value thing a page can show there.
//
// Worth: the engine judges every option by the page's expected value, so it needs the value of one viewable
// impression per format and device. No public table of CPM by size exists; DEFAULT_FORMAT_VALUES are the starting
// assumptions of ../shared/research/ad-measurement.md §7 ("Relative value of formats"), per viewable impression at
// equal position, 300x250 = 1.0. They are relative values only (geography, season and vertical move prices
// several-fold) and give way to a website's own: the values its publisher set (settings.ads, contracts' ad-settings.ts)
// first, then, where it has enough revenue data, its measured viewable eCPM relative to a 300x250 (valueTable below),
// passed as a FormatValueOverrides.
import { DEFAULT_FORMAT_VALUES, type DeviceType } from '@foldline/contracts';

/** Where a format may stand: between blocks of the content, in a side column, or stuck to the viewport's edge. */
export type Placement = 'content' | 'sidebar' | 'edge';

export interface AdFormat {
  name: string;
  width: number;
  height: number;
  placement: Placement;
  /** The devices it is offered on; every device when absent. */
  devices?: readonly DeviceType[];
}

export const AD_FORMATS: readonly AdFormat[] = [
  { name: '300x250', width: 300, height: 250, placement: 'content' },
  { name: '336x280', width: 336, height: 280, placement: 'content' },
  { name: '728x90', width: 728, height: 90, placement: 'content' },
  { name: '970x90', width: 970, height: 90, placement: 'content' },
  { name: '160x600', width: 160, height: 600, placement: 'sidebar', devices: ['desktop'] },
  { name: '300x600', width: 300, height: 600, placement: 'sidebar', devices: ['desktop'] },
  { name: '320x50', width: 320, height: 50, placement: 'edge', devices: ['mobile'] },
];

/** Formats that, when a unit renders in them, mark it as stuck to the viewport's edge unless told otherwise. */
export const EDGE_FORMATS: ReadonlySet<string> = new Set(AD_FORMATS.filter((format) => format.placement === 'edge').map((format) => format.name));

/** Relative value of one viewable impression, per device and format name ('300x250'): 300x250 = 1. */
export type FormatValues = Readonly<Record<DeviceType, Readonly<Record<string, number>>>>;
/** A website's own values (its publisher's settings, or from its revenue data), over the defaults: any device or
 * format it leaves out keeps them. */
export type FormatValueOverrides = Partial<Record<DeviceType, Readonly<Record<string, number>>>>;

/** The default table (research/ad-measurement.md §7) lives with the website settings it is the placeholder of. */
export { DEFAULT_FORMAT_VALUES };
/** A size the table does not name on any device: no data, so worth a 300x250. */
export const UNKNOWN_FORMAT_VALUE = 1;

/** The value of a viewable impression of a format on a device: the override, else the default table for the device,
 * else the same size's default on another device, else UNKNOWN_FORMAT_VALUE. */
export function formatValue(device: DeviceType, name: string, values?: FormatValueOverrides): number {
  return (
    values?.[device]?.[name] ??
    DEFAULT_FORMAT_VALUES[device][name] ??
    DEFAULT_FORMAT_VALUES.desktop[name] ??
    DEFAULT_FORMAT_VALUES.mobile[name] ??
    UNKNOWN_FORMAT_VALUE
  );
}

/** Where the value of a format on a device came from: the publisher's Settings, the website's measured viewable eCPM,
 * or the default table. */
export type ValueSource = 'settings' | 'measured' | 'default';
/** Per device, the formats whose value is the website's own and where it came from; a format not named is a default. */
export type ValueSources = Partial<Record<DeviceType, Readonly<Record<string, Exclude<ValueSource, 'default'>>>>>;

/** A website's revenue from one format on one device over the advice's window, and its viewable impressions there:
 * only formats with enough of them to price (the caller's cut, packages/analytics measured-values.ts). */
export interface MeasuredFormat {
  device: DeviceType;
  format: string;
  /** In the website's currency. */
  revenue: number;
  viewable: number;
}

/** The values a website's advice weighs formats by, and where each came from. */
export interface ValueTable {
  values: FormatValueOverrides;
  sources: ValueSources;
}

/** Measured values kept within the bounds a publisher may set (contracts' MIN_FORMAT_VALUE and MAX_FORMAT_VALUE): a
 * format that earned nothing is still not free, and one priced off a reference that earned almost nothing is not
 * worth thousands of 300x250s. */
const MIN_MEASURED_VALUE = 0.01;
const MAX_MEASURED_VALUE = 20;

/**
 * The website's values: its publisher's Settings first, then its measured viewable eCPM, then the defaults.
 *
 * Measured values are money and the defaults relative (a 300x250 = 1), so on each device the measured eCPMs are divided
 * by one reference price, the viewable eCPM of what the default table values at 1: the device's measured 300x250 where
 * it is measured, else what the measured formats imply, their revenue over their viewable impressions weighted by
 * their default values (Σ revenue × 1,000 ÷ Σ viewable × default). An unmeasured format then keeps its default
 * relative to the 300x250, the unit the Settings and every card speak in ("a viewable 300x250 = 1"), and gains and
 * records stay comparable across the switch from defaults to measured values. A device whose measured formats earned
 * nothing keeps the defaults.
 */
export function valueTable(settings: FormatValueOverrides | undefined, measured: readonly MeasuredFormat[]): ValueTable {
  const values: Partial<Record<DeviceType, Record<string, number>>> = {};
  const sources: Partial<Record<DeviceType, Record<string, Exclude<ValueSource, 'default'>>>> = {};
  for (const device of Object.keys(DEFAULT_FORMAT_VALUES) as DeviceType[]) {
    const own = measured.filter((m) => m.device === device && m.viewable > 0);
    const anchor = own.find((m) => m.format === '300x250' && m.revenue > 0);
    const weighted = own.reduce((sum, m) => sum + m.viewable * formatValue(device, m.format), 0);
    const earned = own.reduce((sum, m) => sum + m.revenue, 0);
    // Revenue per viewable impression, not per 1,000: the ratio is the same.
    const reference = anchor ? anchor.revenue / anchor.viewable : weighted > 0 ? earned / weighted : 0;
    const table: Record<string, number> = {};
    const from: Record<string, Exclude<ValueSource, 'default'>> = {};
    if (reference > 0) {
      for (const m of own) {
        // Four decimals: far finer than a price is known, and one value is one text in the analysis cache's version.
        table[m.format] = Math.round(Math.min(MAX_MEASURED_VALUE, Math.max(MIN_MEASURED_VALUE, m.revenue / m.viewable / reference)) * 1e4) / 1e4;
        from[m.format] = 'measured';
      }
    }
    for (const [format, value] of Object.entries(settings?.[device] ?? {})) {
      table[format] = value;
      from[format] = 'settings';
    }
    if (Object.keys(table).length > 0) {
      values[device] = table;
      sources[device] = from;
    }
  }
  return { values, sources };
}

/** Where a unit sits: in the main content column, in a side column beside it, across the page (not known to be in
 * either: no layout), or stuck to the viewport's edge. */
export type Column = 'main' | 'sidebar' | 'full' | 'edge';

export function formatName(width: number, height: number): string {
  return `${width}x${height}`;
}

/** The formats that belong in a column of the given width on a device: edge formats only at the edge, side-column
 * formats only in a side column, in-content formats in any column they fit (a side column may hold a 300x250). */
export function formatsFitting(device: DeviceType, column: Column, width: number): AdFormat[] {
  return AD_FORMATS.filter((format) => {
    if (format.width > width) return false;
    if (format.devices && !format.devices.includes(device)) return false;
    if (column === 'edge') return format.placement === 'edge';
    if (format.placement === 'edge') return false;
    if (format.placement === 'sidebar') return column === 'sidebar';
    return true;
  });
}
