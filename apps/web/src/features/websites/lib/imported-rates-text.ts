// The line that says which exchange rates came with an imported report (issue 23: "convert with rates the publisher
// gives or that come with the import"): 'Rates from the report: 1 EUR = 1.0791–1.0842 USD on 14 days'.
import type { ImportedRates } from '@foldline/contracts';
import { formatNumber } from '../../../lib/format.ts';

/** A rate with five significant digits: 1.0842, 0.00067, 1,452.1. */
const formatRate = (rate: number) => new Intl.NumberFormat('en-US', { maximumSignificantDigits: 5 }).format(rate);

/** '1 EUR = 1.0842 USD on 14 days', the lowest and highest when the days differ; pairs joined with '; '. */
export function importedRatesText(rates: readonly ImportedRates[]): string {
  return rates
    .map((pair) => {
      const low = formatRate(pair.min);
      const high = formatRate(pair.max);
      return `1 ${pair.currency} = ${low === high ? low : `${low}–${high}`} ${pair.into} on ${formatNumber(pair.days)} ${pair.days === 1 ? 'day' : 'days'}`;
    })
    .join('; ');
}
