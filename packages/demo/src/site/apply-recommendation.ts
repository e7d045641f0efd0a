// A change of a demo page's ad layout on one device, as a publisher makes it in their CMS: a unit's block taken out and
// put after another block, re-formatted where it stands, or a new unit's block put after a block. The changed plan is
// a plan of its own, laid out for real (everything below the change moves). The recommendations' replay test applies
// each of the engine's recommendations this way (applyRecommendation), and the demo's history its publisher's own
// changes (layout-changes.ts).
import { REFERENCE_WIDTHS, type Recommendation } from '@foldline/contracts';
import { blockSelectors, contentOutline, layoutPage } from './layout.ts';
import { DEVICES, type Device } from './metrics.ts';
import { shownOn, type Block, type PagePlan, type SlotSpec } from './page-plan.ts';

/**
 * One change on one device. `unit` names a slot by its id (the GPT div id or the AdSense slot: what the tracker reports
 * as the slot's key, the ad unit's slot_key); `after` is the selector of the block the unit goes after, as a rendering
 * names it (layout.ts, blockSelectors: `paragraphSelector(4)` for the 4th paragraph of a story, `#main>div` for the
 * home page's story cards), or null for a place above the content, which no plan has (applying it throws).
 */
export type PlanEdit =
  | { type: 'move_ad_unit'; device: Device; unit: string; after: string | null }
  | { type: 'format_change'; device: Device; unit: string; format: string }
  | { type: 'new_ad_placement'; device: Device; slot: SlotSpec; after: string | null };

/** A block shown on the same devices as before except `device`. */
const withoutDevice = (block: Block, device: Device): Block => ({ ...block, devices: (block.devices ?? DEVICES).filter((d) => d !== device) });

const SECTIONS = ['top', 'main', 'side', 'bottom'] as const;

/** The plan with the change made on its device only: on the others the page stays as it was. */
export function applyEdit(plan: PagePlan, edit: PlanEdit): PagePlan {
  const { device } = edit;
  const isUnit = (block: Block, key: string) => block.kind === 'ad' && block.slot.id === key && shownOn(block, device);
  const selectors = blockSelectors(plan, device);
  /** Every section with `change` applied to each block, and `insert` after the block named by its selector. */
  const rebuild = (change: (block: Block) => Block[], insert?: { after: string | null; block: Block }): PagePlan => {
    let inserted = !insert;
    const changed = { ...plan };
    for (const section of SECTIONS) {
      changed[section] = plan[section].flatMap((block) => {
        const out = change(block);
        if (insert && !inserted && shownOn(block, device) && selectors.get(block) === insert.after) {
          inserted = true;
          out.push(insert.block);
        }
        return out;
      });
    }
    if (!inserted) throw new Error(`No block of ${plan.path} on ${device} for the place after ${insert?.after}`);
    return changed;
  };
  switch (edit.type) {
    case 'move_ad_unit': {
      const block = SECTIONS.flatMap((section) => plan[section]).find((b) => isUnit(b, edit.unit));
      if (!block) throw new Error(`No unit ${edit.unit} on ${plan.path} on ${device}`);
      return rebuild((b) => (b === block ? [withoutDevice(b, device)] : [b]), { after: edit.after, block: { ...block, devices: [device] } });
    }
    case 'format_change': {
      const [w, h] = edit.format.split('x').map(Number) as [number, number];
      return rebuild((b) => (isUnit(b, edit.unit) && b.kind === 'ad' ? [withoutDevice(b, device), { ...b, slot: { ...b.slot, w, h }, devices: [device] }] : [b]));
    }
    case 'new_ad_placement':
      return rebuild((b) => [b], { after: edit.after, block: { kind: 'ad', slot: edit.slot, devices: [device] } });
  }
}

/** The content block a place follows: the one its selector names, or — where the engine read the page without an
 * outline, which names no places — the main column's block of content that ends just above the position. */
function placeAfter(plan: PagePlan, place: { selector: string | null } | null, y: number, device: Device): string | null {
  if (place) return place.selector;
  const blocks = contentOutline(layoutPage(plan, REFERENCE_WIDTHS[device]))?.main.blocks.filter((block) => block.kind !== 'ad' && block.box[1] + block.box[3] <= y + 40) ?? [];
  return blocks.at(-1)?.selector ?? null;
}

/** The id of the slot a new placement adds to a plan (its place's depth keeps two of them on one page apart). */
export const newSlotId = (recommendation: Extract<Recommendation, { type: 'new_ad_placement' }>) => `div-gpt-ad-replay-${recommendation.position.y}`;

/** A recommendation as the change of the plan that carries it out; `slotKeyOf` gives a unit's slot key by its ad unit
 * id (the plan knows slots, the recommendation the store's units). */
function editOf(plan: PagePlan, recommendation: Recommendation, slotKeyOf: (adUnitId: string) => string): PlanEdit {
  const { device } = recommendation;
  switch (recommendation.type) {
    case 'move_ad_unit':
      return {
        type: 'move_ad_unit',
        device,
        unit: slotKeyOf(recommendation.ad_unit_id),
        after: placeAfter(plan, recommendation.recommended_place, recommendation.recommended_position.y, device),
      };
    case 'format_change':
      return { type: 'format_change', device, unit: slotKeyOf(recommendation.ad_unit_id), format: recommendation.recommended_format };
    case 'new_ad_placement': {
      const [w, h] = recommendation.recommended_ad_format.split('x').map(Number) as [number, number];
      const id = newSlotId(recommendation);
      return { type: 'new_ad_placement', device, slot: { network: 'gpt', id, name: `/replay/${id}`, w, h }, after: placeAfter(plan, recommendation.place, recommendation.position.y, device) };
    }
  }
}

/** The page's plan with the recommendation carried out as a publisher would. */
export function applyRecommendation(plan: PagePlan, recommendation: Recommendation, slotKeyOf: (adUnitId: string) => string): PagePlan {
  return applyEdit(plan, editOf(plan, recommendation, slotKeyOf));
}
