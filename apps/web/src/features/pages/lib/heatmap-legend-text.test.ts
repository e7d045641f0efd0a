// The point maps' legends in words: the engagement map says what red means as a share of readers' time, with the
// real figure; the click map in clicks; both say when two maps share a scale.
import { describe, expect, it } from 'vitest';
import { formatShare, legendLine, pointLegendText } from './heatmap-legend-text.ts';

describe('heatmap legend', () => {
  it("says what red means on the engagement map: the average share of a reader's time, with the figure", () => {
    const text = pointLegendText('engagement', 0.12, { shared: false, timedPageviews: 42 });
    expect(text.caption).toBe('Share of readers’ time');
    expect(text.high).toBe('Red: readers spent on average 12 % of their time here');
    expect(text.low).toBe('Green to blue: a small share');
    expect(text.note).toContain('averaged over 42 readers: a long visit does not outweigh short ones');
    expect(legendLine(text)).toBe('Share of readers’ time — Green to blue: a small share … Red: readers spent on average 12 % of their time here');
  });

  it('keeps a decimal for small shares, and says when two maps share the scale', () => {
    expect(pointLegendText('engagement', 0.0234, { shared: true }).high).toBe('Red: readers spent on average 2.3 % of their time here, the same scale on both maps');
    expect(pointLegendText('engagement', 1, { shared: false, timedPageviews: 1 }).note).toContain('averaged over 1 reader:');
    expect(pointLegendText('engagement', 0.5, { shared: true, timedPageviews: 3 }).note).toContain("averaged over each map's readers");
    expect([formatShare(0.6), formatShare(0.0996), formatShare(0.05), formatShare(0.0004), formatShare(0)]).toEqual(['60 %', '10 %', '5 %', 'under 0.1 %', '0 %']);
  });

  it('says the engagement map is shaded per content block when it is, with the same figure for red', () => {
    const text = pointLegendText('engagement', 0.6, { shared: false, timedPageviews: 2, byBlock: true });
    expect(text.high).toBe('Red: readers spent on average 60 % of their time here');
    expect(text.note).toContain('Each block of the page (a paragraph, a heading, an image) is shaded by the share of each reader');
    expect(text.note).toContain('averaged over 2 readers: a long visit does not outweigh short ones');
    expect(text.note).toContain('Where the pointer rested is drawn over the blocks.');
  });

  it('counts clicks on the click map', () => {
    expect(pointLegendText('click', 3, { shared: false })).toEqual({ caption: 'Clicks', low: 'Fewer', high: 'More (up to 3 clicks in one spot)' });
    expect(pointLegendText('click', 1, { shared: true }).high).toBe('More (up to 1 click in one spot, the same scale on both maps)');
  });
});
