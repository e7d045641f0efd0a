// How many of a thing (pages, ad units) one website may gain in a minute and have in all. A flood of invented paths
// or slot keys from a public tracking code is held here, before it reaches the metadata store and every report that
// lists what a website has. Totals are counted in the store once per process and then kept up to date in memory:
// another process's additions are seen on this process's next start (a bound against floods, not an exact quota).
import { MinuteCounter } from './budgets.ts';
import { PayloadDropped, type DropReason } from './drop-reasons.ts';

export interface QuotaRules {
  /** The drop reason when the quota refuses, and the plural noun its messages use ('pages', 'ad units'). */
  reason: DropReason;
  noun: string;
  perMinute: number;
  total: number;
  /** What the website has in the store now. */
  countStored(websiteId: string): Promise<number>;
}

export class GrowthQuota {
  private readonly gained = new MinuteCounter();
  private readonly totals = new Map<string, number>();
  private readonly counting = new Map<string, Promise<void>>();

  constructor(private readonly rules: QuotaRules) {}

  /** Counts one more for the website, or throws the quota's drop when it may not gain one now. */
  async admit(websiteId: string): Promise<void> {
    if (!this.totals.has(websiteId)) await this.countOnce(websiteId);
    // From here to the count's update nothing awaits, so concurrent additions are counted one by one.
    const { reason, noun, perMinute, total } = this.rules;
    const now = this.totals.get(websiteId) ?? 0;
    if (now >= total) throw new PayloadDropped(reason, `This website has ${total} ${noun}, the most it may have`);
    if (this.gained.add(websiteId) > perMinute) throw new PayloadDropped(reason, `This website gained ${perMinute} new ${noun} this minute, the most it may`);
    this.totals.set(websiteId, now + 1);
  }

  /** After the website's data was deleted: counted afresh on its next addition. */
  forget(websiteId: string): void {
    this.totals.delete(websiteId);
  }

  private countOnce(websiteId: string): Promise<void> {
    let counting = this.counting.get(websiteId);
    if (!counting) {
      counting = this.rules
        .countStored(websiteId)
        .then((n) => void this.totals.set(websiteId, n))
        .finally(() => this.counting.delete(websiteId));
      this.counting.set(websiteId, counting);
    }
    return counting;
  }
}
