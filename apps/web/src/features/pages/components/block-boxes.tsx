// The engagement map's content blocks as things to point at (issue 26): over each block's box on the screenshot, a
// focusable box that says its figure in words on hover, tap or keyboard focus ("Readers spent on average 12 % of their
// time with this paragraph"), in the line above the map and to assistive technology. The shading itself is on the
// canvas (heatmap/block-layer.ts), so the exported PNG holds it.
import type { ScreenshotGeometry } from './screenshot-overlay.tsx';

/** A block's box (reference px) and what it says. */
export interface BlockTarget {
  box: readonly [number, number, number, number];
  label: string;
}

/** What the line above the map says before a block is pointed at. */
export const BLOCK_HINT = 'Point at a block of the page, tap it or move to it with Tab, to read its share of readers’ time.';

/** The line above the map: the pointed block's words, or how to get them. */
export function BlockStatus({ blocks, active }: { blocks: readonly BlockTarget[]; active: number | null }) {
  const block = active === null ? undefined : blocks[active];
  return (
    <p className={`text-sm ${block ? 'font-medium text-slate-900' : 'text-slate-500'}`} aria-live="polite" data-testid="block-status">
      {block ? block.label : BLOCK_HINT}
    </p>
  );
}

export interface BlockBoxesProps {
  blocks: readonly BlockTarget[];
  geometry: ScreenshotGeometry;
  active: number | null;
  onActive: (index: number | null) => void;
}

/** The blocks' boxes laid over the screenshot in percent of its layout, those within the image only; the pointed one
 * outlined. */
export function BlockBoxes({ blocks, geometry, active, onActive }: BlockBoxesProps) {
  const { referenceWidth, imageHeight } = geometry;
  if (!(referenceWidth > 0) || !(imageHeight > 0)) return null;
  return (
    <div data-testid="block-boxes">
      {blocks.map((block, index) =>
        block.box[1] >= imageHeight ? null : (
          <div
            key={index}
            role="img"
            tabIndex={0}
            aria-label={block.label}
            title={block.label}
            data-testid="block-box"
            className={`absolute rounded-sm outline-none ${active === index ? 'z-10 ring-2 ring-indigo-600 ring-offset-1 ring-offset-white/80' : 'hover:ring-1 hover:ring-slate-500'}`}
            style={{
              left: `${(100 * block.box[0]) / referenceWidth}%`,
              top: `${(100 * block.box[1]) / imageHeight}%`,
              width: `${(100 * block.box[2]) / referenceWidth}%`,
              height: `${(100 * Math.min(block.box[3], imageHeight - block.box[1])) / imageHeight}%`,
            }}
            onMouseEnter={() => onActive(index)}
            onMouseLeave={() => onActive(null)}
            onFocus={() => onActive(index)}
            onBlur={() => onActive(null)}
          />
        ),
      )}
    </div>
  );
}
