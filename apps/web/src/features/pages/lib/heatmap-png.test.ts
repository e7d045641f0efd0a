// The heatmap PNG's pure part: the part of the page shown and the image's size at the scale shown (within the
// browsers' canvas limits), the caption's words and lines, and the file's name.
import { describe, expect, it } from 'vitest';
import { MAX_CANVAS_AREA, MAX_CANVAS_SIDE } from '../heatmap/render-heatmap.ts';
import { CAPTION_RESERVE, captionParagraphs, exportSize, pngFileName, shownPart, wrapText } from './heatmap-png.ts';

describe('heatmap PNG', () => {
  it('shows the crop the frame shows, or the whole width when it saves too little', () => {
    expect(shownPart({ x: 436, width: 1048 }, 1920)).toEqual({ x: 436, width: 1048 });
    expect(shownPart({ x: 10, width: 1900 }, 1920)).toEqual({ x: 0, width: 1920 });
    expect(shownPart(undefined, 375)).toEqual({ x: 0, width: 375 });
  });

  it('makes the map at the scale it is shown, lowered only to stay within the canvas limits with the caption', () => {
    // A 1,048 px wide crop shown 912 px wide at a pixel ratio of 1 (fitted to the card): its 3,000 px are 2,610.7 px.
    expect(exportSize({ shownWidth: 1048, imageHeight: 3000, scale: 912 / 1048 })).toEqual({ width: 912, mapHeight: 2610, scale: 912 / 1048 });
    // Zoomed 3× on a 2× screen, a 12,000 px page: lowered until the whole image fits.
    const big = exportSize({ shownWidth: 1048, imageHeight: 12_000, scale: 6 });
    expect(big.mapHeight + CAPTION_RESERVE).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
    expect(big.width * (big.mapHeight + CAPTION_RESERVE)).toBeLessThanOrEqual(MAX_CANVAS_AREA);
    expect(big.scale).toBeLessThan(6);
    expect(exportSize({ shownWidth: 375, imageHeight: 0, scale: 1 })).toEqual({ width: 0, mapHeight: 0, scale: 0 });
  });

  it('wraps the caption to the width, a word too long on its own line', () => {
    const measure = (text: string) => text.length * 10;
    expect(wrapText('Red: readers spent on average 12 % of their time here', 160, measure)).toEqual(['Red: readers', 'spent on average', '12 % of their', 'time here']);
    expect(wrapText('https://news.example.com/a-very-long-address ok', 100, measure)).toEqual(['https://news.example.com/a-very-long-address', 'ok']);
  });

  it('says what the map is of: the title and compared side, the page, device, period with its dates, legend and evidence', () => {
    const caption = captionParagraphs({
      title: 'Engagement Heatmap',
      side: 'Previous period · All visitors',
      pageUrl: 'https://news.example.com/ferry',
      device: 'desktop',
      referenceWidth: 1920,
      periodLabel: 'Last 7 days',
      timeRange: { start: '2026-11-12T10:00:00.000Z', end: '2026-11-19T11:00:00.000Z' },
      legend: 'Share of readers’ time — Green to blue: a small share … Red: readers spent on average 60 % of their time here',
      note: 'Each reader counts once.',
      evidence: 'Based on 2 pageviews, 2 of them with time measured.',
    });
    expect(caption).toEqual({
      title: 'Engagement Heatmap — Previous period · All visitors',
      lines: [
        'https://news.example.com/ferry',
        'Desktop, 1,920 px wide · Last 7 days (12 Nov 2026 – 19 Nov 2026, UTC) · Based on 2 pageviews, 2 of them with time measured.',
        'Share of readers’ time — Green to blue: a small share … Red: readers spent on average 60 % of their time here',
        'Each reader counts once.',
      ],
    });
  });

  it('names the file by map, device, period and page', () => {
    expect(pngFileName('engagement', 'desktop', 'week', 'https://news.example.com/news/ferry-timetable')).toBe('engagement-heatmap-desktop-week-ferry-timetable.png');
    expect(pngFileName('click', 'mobile', 'day', 'https://news.example.com/')).toBe('click-heatmap-mobile-day-news-example.png');
    expect(pngFileName('scroll', 'tablet', 'month', 'https://x.example/Story%20One.html')).toBe('scroll-heatmap-tablet-month-story-20one.png');
  });
});
