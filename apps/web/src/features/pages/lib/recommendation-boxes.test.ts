// The boxes of a recommendation on the screenshot, and the part of the page its thumbnail shows.
import { describe, expect, it } from 'vitest';
import { aFormatChange, aMove, aNewPlacement } from '../../../components/analytics/recommendation-fixtures.ts';
import { frameAround, parseFormat, previewLayout, recommendationBoxes } from './recommendation-boxes.ts';

const LIMITS = { maxWidth: 208, maxHeight: 240, gap: 18 };

describe('recommendation boxes', () => {
  it('draws a move from where the unit is to where it should go, at its size', () => {
    expect(recommendationBoxes(aMove())).toEqual([
      { kind: 'current', x: 632, y: 1713, width: 336, height: 280 },
      { kind: 'recommended', x: 632, y: 1113, width: 336, height: 280 },
    ]);
  });

  it('draws a new placement alone, and a format change as both formats at the same place', () => {
    expect(recommendationBoxes(aNewPlacement())).toEqual([{ kind: 'recommended', x: 38, y: 900, width: 300, height: 250 }]);
    expect(recommendationBoxes(aFormatChange())).toEqual([
      { kind: 'current', x: 234, y: 2000, width: 300, height: 250 },
      { kind: 'recommended', x: 234, y: 2000, width: 300, height: 50 },
    ]);
    expect(parseFormat('fluid')).toBeUndefined();
  });

  it('shows a move within one screen of the page in one view, fitted to the thumbnail', () => {
    const boxes = recommendationBoxes(aMove({ current_position: { x: 632, y: 1713 }, recommended_position: { x: 632, y: 1113 } }));
    const layout = previewLayout(boxes, 6000, 1920, LIMITS);
    // From a tenth of the width above the new place to a tenth below the unit's bottom, at the column's full width.
    expect(layout.segments).toEqual([{ top: 1113 - 192, height: 1713 + 280 + 192 - (1113 - 192) }]);
    expect(layout.width).toBeCloseTo(208);
    expect(layout.segments[0]!.height * layout.scale).toBeLessThanOrEqual(240);
  });

  it('shows a move thousands of pixels up the page as two views, so neither unit becomes a sliver', () => {
    const boxes = recommendationBoxes(aMove({ current_position: { x: 632, y: 4917 }, recommended_position: { x: 632, y: 1143 } }));
    const layout = previewLayout(boxes, 5799, 1920, LIMITS);
    expect(layout.segments.map((segment) => segment.top)).toEqual([1143 - 192 - (960 - 664) / 2, 4917 - 192 - (960 - 664) / 2]);
    expect(layout.width).toBeCloseTo(208);
    const total = layout.segments.reduce((sum, segment) => sum + segment.height * layout.scale, 0) + LIMITS.gap;
    expect(total).toBeLessThanOrEqual(240);
  });

  it('keeps every view within the image', () => {
    const top = frameAround([{ kind: 'recommended', x: 0, y: 10, width: 300, height: 50 }], 3000, 375);
    expect(top.top).toBe(0);
    const bottom = frameAround([{ kind: 'current', x: 0, y: 2950, width: 300, height: 50 }], 3000, 375);
    expect(bottom.top + bottom.height).toBe(3000);
    // A screenshot cut short above the unit: the view stops at the image's end.
    const cut = frameAround([{ kind: 'current', x: 0, y: 5000, width: 300, height: 50 }], 3000, 375);
    expect(cut.top + cut.height).toBe(3000);
  });
});
