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
// or, once it has revenue data, its measured viewable eCPM, passed as a FormatValueOverrides.
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
