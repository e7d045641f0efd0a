// Every size of the demo site's layout, per device class: the stylesheet and the simulator's layout model both read
// these, so simulated clicks, scroll depths and ad positions land where the real page puts them.

export type Device = 'desktop' | 'tablet' | 'mobile';
export const DEVICES: readonly Device[] = ['desktop', 'tablet', 'mobile'];

/** The product's device classes by viewport width (DESIGN.md, Metrics). */
export function deviceOf(viewportWidth: number): Device {
  if (viewportWidth < 768) return 'mobile';
  if (viewportWidth < 1024) return 'tablet';
  return 'desktop';
}

export interface TextStyle {
  fontSize: number;
  lineHeight: number;
  /** Average advance of one character in em, for estimating line breaks (measured in Chromium, see e2e/demo.test.ts). */
  charEm: number;
}

export interface DeviceMetrics {
  /** Container width; undefined = viewport width minus the page gutter on both sides. */
  container: number | undefined;
  gutter: number;
  mainWidth: (containerWidth: number) => number;
  sideWidth: number;
  columnGap: number;
  header: number;
  /** Top of the navigation row inside the header, and its height. */
  navTop: number;
  navHeight: number;
  footer: number;
  cardColumns: number;
  cardHeight: number;
  cardGap: number;
  leadHeadline: number;
  leadTeaser: number;
  body: TextStyle;
  headline: TextStyle;
  standfirst: TextStyle;
  brief: TextStyle;
}

const serif = 0.5;
const sans = 0.45;

export const METRICS: Record<Device, DeviceMetrics> = {
  desktop: {
    container: 1000,
    gutter: 12,
    mainWidth: () => 680,
    sideWidth: 300,
    columnGap: 20,
    header: 112,
    navTop: 68,
    navHeight: 44,
    footer: 180,
    cardColumns: 2,
    cardHeight: 150,
    cardGap: 20,
    leadHeadline: 80,
    leadTeaser: 72,
    body: { fontSize: 18, lineHeight: 30, charEm: serif },
    headline: { fontSize: 36, lineHeight: 44, charEm: 0.555 },
    standfirst: { fontSize: 19, lineHeight: 28, charEm: sans },
    brief: { fontSize: 16, lineHeight: 24, charEm: sans },
  },
  tablet: {
    container: 736,
    gutter: 16,
    mainWidth: (container) => container,
    sideWidth: 0,
    columnGap: 0,
    header: 112,
    navTop: 68,
    navHeight: 44,
    footer: 180,
    cardColumns: 2,
    cardHeight: 150,
    cardGap: 20,
    leadHeadline: 80,
    leadTeaser: 72,
    body: { fontSize: 18, lineHeight: 30, charEm: serif },
    headline: { fontSize: 32, lineHeight: 40, charEm: 0.555 },
    standfirst: { fontSize: 18, lineHeight: 27, charEm: sans },
    brief: { fontSize: 16, lineHeight: 24, charEm: sans },
  },
  mobile: {
    container: undefined,
    gutter: 12,
    mainWidth: (container) => container,
    sideWidth: 0,
    columnGap: 0,
    header: 96,
    navTop: 52,
    navHeight: 44,
    footer: 180,
    cardColumns: 1,
    cardHeight: 150,
    cardGap: 16,
    leadHeadline: 96,
    leadTeaser: 88,
    body: { fontSize: 17, lineHeight: 28, charEm: serif },
    headline: { fontSize: 26, lineHeight: 32, charEm: 0.555 },
    standfirst: { fontSize: 17, lineHeight: 25, charEm: sans },
    brief: { fontSize: 16, lineHeight: 24, charEm: sans },
  },
};

/** Fixed parts of blocks, px. */
export const BLOCK = {
  /** Padding above and below an ad, and the 'Advertisement' label's line. */
  adPadding: 24,
  adLabel: 16,
  blockGap: 24,
  paragraphGap: 20,
  subhead: { fontSize: 24, lineHeight: 32, padTop: 16, padBottom: 12 },
  pageTitle: 64,
  sectionTitle: 48,
  briefTitle: 26,
  briefGap: 16,
  listItem: 64,
  relatedItem: 56,
  kicker: 24,
  byline: 36,
  caption: 36,
} as const;
