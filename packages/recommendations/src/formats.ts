// The display formats the engine may recommend and where each fits (the IAB sizes publishers sell most; the width
// rules of ../shared/research/ad-measurement.md §5): a format is only offered where the column is wide enough.
import type { DeviceType } from '@foldline/contracts';

export interface AdFormat {
  name: string;
  width: number;
  height: number;
  /** Sidebar formats are only offered in a sidebar; phone formats only on phones. */
  only?: 'sidebar' | 'mobile';
  /** Relative value of one viewable impression (larger formats earn more): used only to choose between formats. */
  value: number;
}

export const AD_FORMATS: readonly AdFormat[] = [
  { name: '300x250', width: 300, height: 250, value: 1 },
  { name: '336x280', width: 336, height: 280, value: 1.1 },
  { name: '728x90', width: 728, height: 90, value: 0.9 },
  { name: '970x90', width: 970, height: 90, value: 0.9 },
  { name: '160x600', width: 160, height: 600, only: 'sidebar', value: 1 },
  { name: '300x600', width: 300, height: 600, only: 'sidebar', value: 1.3 },
  { name: '320x50', width: 320, height: 50, only: 'mobile', value: 0.4 },
];

/** Where a unit sits: in the main content column, in a sidebar beside it, or across the page. */
export type Column = 'main' | 'sidebar' | 'full';

export function formatName(width: number, height: number): string {
  return `${width}x${height}`;
}

/** The formats that fit a column of the given width on a device. */
export function formatsFitting(device: DeviceType, column: Column, width: number): AdFormat[] {
  return AD_FORMATS.filter((format) => {
    if (format.width > width) return false;
    if (format.only === 'sidebar') return column === 'sidebar' && device === 'desktop';
    if (format.only === 'mobile') return device === 'mobile';
    return true;
  });
}
