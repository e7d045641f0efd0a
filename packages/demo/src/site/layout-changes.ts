// The demo publisher's own changes to its ad layout during the history (issue 25), so that the Changes screens have
// something real to show: one carries out the engine's advice on the page as it was, the other is the publisher's own
// idea. The history reads each page as it was on its day (readers come for the same content and read it on the layout
// of the day); the site serves, and the live readers read, the pages as they are now.
import { articleBySlug, articlePath } from './content.ts';
import { applyEdit, type PlanEdit } from './apply-recommendation.ts';
import { paragraphSelector } from './layout.ts';
import { planByPath, type PagePlan } from './page-plan.ts';

export interface LayoutChange {
  path: string;
  /** The first day on the changed layout, counted in days before the history's end as simulateDay counts them (the
   * history's last, partial day is 0). */
  daysBeforeEnd: number;
  edit: PlanEdit;
  /** Whether it carries out a recommendation the engine gives on the page before it. The seed records that
   * recommendation as given the evening before (apps/server/src/services/demo-advice.ts); the replay test
   * (apps/server/test/recommendations-replay.test.ts) checks that the engine gives it, and nothing like the others. */
  recommended: boolean;
}

const story = (slug: string) => articlePath(articleBySlug(slug)!);

export const LAYOUT_CHANGES: readonly LayoutChange[] = [
  // The publisher's own idea, advised by nobody: on phones, the match report's banner goes from after its 2nd paragraph
  // to after its 4th, to keep the report's opening together. Fewer readers get that far.
  {
    path: story('rovers-hold-leaders'),
    daysBeforeEnd: 25,
    recommended: false,
    edit: { type: 'move_ad_unit', device: 'mobile', unit: 'div-gpt-ad-article-inline-320x100', after: paragraphSelector(4) },
  },
  // The engine's advice, followed: few desktop readers reach the harbour story's unit after its 9th paragraph; after
  // the 1st, about half of them see it.
  {
    path: story('harbour-freight-third-quarter'),
    daysBeforeEnd: 18,
    recommended: true,
    edit: { type: 'move_ad_unit', device: 'desktop', unit: 'div-gpt-ad-article-mid-300x250', after: paragraphSelector(1) },
  },
];

/** Each changed page's layouts after the first, oldest first, each with the first day it was shown. One object per
 * layout: the layout model caches by plan. */
const versions = new Map<string, Array<{ from: number; plan: PagePlan }>>();
for (const change of [...LAYOUT_CHANGES].sort((a, b) => b.daysBeforeEnd - a.daysBeforeEnd)) {
  const shown = versions.get(change.path) ?? [];
  const before = shown.at(-1)?.plan ?? planByPath(change.path);
  if (!before) throw new Error(`The demo site has no page ${change.path}`);
  shown.push({ from: change.daysBeforeEnd, plan: applyEdit(before, change.edit) });
  versions.set(change.path, shown);
}

/** The page (as the history began: page-plan.ts) as it was laid out on the day `daysBeforeEnd` days before the
 * history's end; undefined: as it is now. */
export function planOnDay(plan: PagePlan, daysBeforeEnd?: number): PagePlan {
  let shown = plan;
  for (const version of versions.get(plan.path) ?? []) if (daysBeforeEnd === undefined || daysBeforeEnd <= version.from) shown = version.plan;
  return shown;
}

/** The page at a path as the site serves it now. */
export function planNow(path: string): PagePlan | undefined {
  const plan = planByPath(path);
  return plan && planOnDay(plan);
}
