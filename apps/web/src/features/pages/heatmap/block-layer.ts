// The engagement map's content blocks on the canvas (issue 26): each block's own box shaded, under the pointer rests'
// field already drawn (destination-over), so the rests stay on top and nothing is drawn over the empty margins or the
// gaps between blocks. Drawn on the overlay canvas, so the exported PNG (which redraws it) holds the blocks too.

/** A block's box (reference px: x, y, width, height) and its fill (a CSS colour), none for a block left unshaded. */
export interface ShadedBlock {
  box: readonly [number, number, number, number];
  fill: string | null;
}

/** Fills the blocks' boxes beneath what the canvas holds; the canvas shows the layout `referenceWidth` wide scaled to
 * its width. */
export function drawBlocksUnder(canvas: HTMLCanvasElement, blocks: readonly ShadedBlock[], referenceWidth: number): void {
  const ctx = canvas.getContext('2d');
  if (!ctx || canvas.width === 0 || !(referenceWidth > 0)) return;
  const scale = canvas.width / referenceWidth;
  ctx.save();
  ctx.globalCompositeOperation = 'destination-over';
  for (const { box, fill } of blocks) {
    if (!fill) continue;
    ctx.fillStyle = fill;
    // Whole canvas pixels, so two blocks never blend along a shared edge.
    const left = Math.round(box[0] * scale);
    const top = Math.round(box[1] * scale);
    ctx.fillRect(left, top, Math.round((box[0] + box[2]) * scale) - left, Math.round((box[1] + box[3]) * scale) - top);
  }
  ctx.restore();
}
