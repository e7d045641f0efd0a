// The page script's entry (bundled by page-script.ts): every function it calls inside the captured page.
export { contentOutline, documentHeight, elementLabels, elementMap, layoutWidth, scrollThrough } from './layout.ts';
export { drawEmptyAdSlots, hideOverlays, loadLazyImages } from './readers-view.ts';
