// The ad servers' CSV reports read into impressions and revenue per day and unit: real-shaped Ad Manager and AdSense
// exports (fixtures/) in their header variants, separators, encodings, currencies and number formats, their summary
// rows skipped, and files that cannot be read refused with the line and column.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRevenueReport, RevenueReportError, type RevenueReportOptions } from '../../src/revenue-imports/report-csv.ts';
import { decimalMarkHint, plainDecimal, readDate, toMicros } from '../../src/revenue-imports/report-values.ts';
import { adsenseSlotOf, matchReportUnits } from '../../src/revenue-imports/unit-match.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** The error a report is refused with. */
async function refusal(input: string | Uint8Array, options?: RevenueReportOptions): Promise<string> {
  try {
    await parseRevenueReport(input, options);
  } catch (error) {
    expect(error).toBeInstanceOf(RevenueReportError);
    return (error as Error).message;
  }
  throw new Error('the report was read');
}

/** A report written line by line (tests of one rule at a time). */
const csv = (...lines: string[]) => lines.join('\n');

describe('Ad Manager reports', () => {
  it('reads the classic export: BOM, quoted thousands, the currency in the revenue header and the figures, a Total row', async () => {
    const report = await parseRevenueReport(fixture('ad-manager-eur.csv'));
    expect(report).toMatchObject({ source: 'ad_manager', currency: 'EUR', rows: 6, days: { from: '2026-11-01', to: '2026-11-02' } });
    expect(report.unitDays).toEqual([
      { day: '2026-11-01', unit: 'news » article_rail', impressions: 9876, revenueMicros: 24_690_000 },
      { day: '2026-11-01', unit: 'news » article_top', impressions: 12345, revenueMicros: 18_520_000 },
      { day: '2026-11-01', unit: 'news » newsletter_banner', impressions: 412, revenueMicros: 210_000 },
      { day: '2026-11-02', unit: 'news » article_rail', impressions: 10117, revenueMicros: 25_300_000 },
      { day: '2026-11-02', unit: 'news » article_top', impressions: 13002, revenueMicros: 19_500_000 },
      { day: '2026-11-02', unit: 'news » newsletter_banner', impressions: 398, revenueMicros: 200_000 },
    ]);
    // Exactly the Total row's figures, which were not added in.
    expect(report.unitDays.reduce((sum, row) => sum + row.impressions, 0)).toBe(46_150);
    expect(report.unitDays.reduce((sum, row) => sum + row.revenueMicros, 0)).toBe(88_420_000);
  });

  it('reads a German export: semicolons, the unit by levels, dotted dates, 1.234,56 figures, a currency column', async () => {
    const report = await parseRevenueReport(fixture('ad-manager-levels-de.csv'));
    expect(report).toMatchObject({ source: 'ad_manager', currency: 'EUR', rows: 4, days: { from: '2026-10-28', to: '2026-10-29' } });
    expect(report.unitDays).toEqual([
      { day: '2026-10-28', unit: 'news » Article Top (21812345678)', impressions: 2000, revenueMicros: 3_000_000 },
      { day: '2026-10-28', unit: 'news » article_top', impressions: 1_204_331, revenueMicros: 1_806_500_000 },
      { day: '2026-10-29', unit: 'news » article_top', impressions: 998_102, revenueMicros: 1_497_150_000 },
      { day: '2026-10-29', unit: 'sport » scores_top', impressions: 45_120, revenueMicros: 40_610_000 },
    ]);
  });

  it('reads "CSV for Excel": UTF-16 with tabs', async () => {
    const text = fixture('ad-manager-eur.csv').toString('utf8').replace(/^\ufeff/, '').replace(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/g, '\t');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const report = await parseRevenueReport(bytes);
    expect(report).toMatchObject({ source: 'ad_manager', currency: 'EUR', rows: 6 });
    expect(report.unitDays[1]).toEqual({ day: '2026-11-01', unit: 'news » article_top', impressions: 12345, revenueMicros: 18_520_000 });
  });

  it('takes the preferred columns of several, after a title, and adds up the lines of one unit and day', async () => {
    const report = await parseRevenueReport(
      csv(
        'Report: Revenue by ad unit',
        'Date range: Nov 1, 2026 - Nov 2, 2026',
        '',
        'Date,Device category,Ad unit,Ad server impressions,Total impressions,Total code served count,Ad server CPM and CPC revenue ($),Total revenue ($)',
        'Nov 1 2026,Desktop,/1234/news/article_top,900,1000,1010,1.00,2.00',
        'Nov 1 2026,Smartphone,/1234/news/article_top,450,500,505,0.50,1.000001',
        '"Nov 2, 2026",Desktop,/1234/news/article_top,"1,100","1,200",1210,1.10,2.40',
      ),
    );
    expect(report).toMatchObject({ source: 'ad_manager', currency: 'USD', rows: 3 });
    expect(report.unitDays).toEqual([
      { day: '2026-11-01', unit: '/1234/news/article_top', impressions: 1500, revenueMicros: 3_000_001 },
      { day: '2026-11-02', unit: '/1234/news/article_top', impressions: 1200, revenueMicros: 2_400_000 },
    ]);
  });

  it('accepts header names in any case and a currency code in brackets', async () => {
    const report = await parseRevenueReport(csv('DATE,AD UNIT,TOTAL IMPRESSIONS,TOTAL CPM AND CPC REVENUE (GBP)', '2026-11-01,news » top,10,£0.02'));
    expect(report).toMatchObject({ source: 'ad_manager', currency: 'GBP' });
    expect(report.unitDays[0]).toMatchObject({ impressions: 10, revenueMicros: 20_000 });
  });
});

describe('AdSense reports', () => {
  it('reads the US export: month-first dates (13 proves it), $ figures, the unit by name and id, a Totals row', async () => {
    const report = await parseRevenueReport(fixture('adsense-usd.csv'));
    expect(report).toMatchObject({ source: 'adsense', currency: 'USD', rows: 5, days: { from: '2026-11-12', to: '2026-11-13' } });
    expect(report.unitDays.map((row) => [row.day, row.unit, row.impressions, row.revenueMicros])).toEqual([
      ['2026-11-12', 'Article in-content (ca-pub-4815162342000000:4821596307)', 7430, 9_910_000],
      ['2026-11-12', 'Home in-feed (ca-pub-4815162342000000:7395012846)', 2977, 4_180_000],
      ['2026-11-13', 'Article in-content (ca-pub-4815162342000000:4821596307)', 7712, 10_460_000],
      ['2026-11-13', 'Home in-feed (ca-pub-4815162342000000:7395012846)', 2940, 3_970_000],
      ['2026-11-13', 'Section in-feed (ca-pub-4815162342000000:5160248937)', 1002, 1_070_000],
    ]);
    expect(report.unitDays.reduce((sum, row) => sum + row.revenueMicros, 0)).toBe(29_590_000);
  });

  it('reads a French export: semicolons, CRLF, day-first dates, "1 234,56 €" with no-break spaces', async () => {
    const report = await parseRevenueReport(fixture('adsense-fr.csv'));
    expect(report).toMatchObject({ source: 'adsense', currency: 'EUR', days: { from: '2026-11-03', to: '2026-11-15' } });
    expect(report.unitDays).toEqual([
      { day: '2026-11-03', unit: 'ca-pub-4815162342000000:7395012846', impressions: 1234, revenueMicros: 1_234_560_000 },
      { day: '2026-11-15', unit: 'ca-pub-4815162342000000:7395012846', impressions: 987, revenueMicros: 990_000 },
    ]);
  });

  it('takes the currency the publisher gives when the report names none, and the source from the units', async () => {
    const text = csv('Date,Ad unit,Impressions,Revenue', '2026-11-01,ca-pub-1:123456789,100,0.25');
    expect(await refusal(text)).toMatch(/^The report does not say its currency .* choose the currency/);
    expect(await parseRevenueReport(text, { currency: 'chf' })).toMatchObject({ source: 'adsense', currency: 'CHF' });
  });

  it('reads days of a report from the 1st to the 12th, which no number above 12 decides, as the closest together', async () => {
    const days = Array.from({ length: 12 }, (_, n) => `11/${String(n + 1).padStart(2, '0')}/2026,ca-pub-1:123456789,10,0.01`);
    expect((await parseRevenueReport(csv('Date,Ad unit ID,Impressions,Estimated earnings (USD)', ...days))).days).toEqual({ from: '2026-11-01', to: '2026-11-12' });
    const dayFirst = Array.from({ length: 12 }, (_, n) => `${String(n + 1).padStart(2, '0')}/11/2026,ca-pub-1:123456789,10,0.01`);
    expect((await parseRevenueReport(csv('Date,Ad unit ID,Impressions,Estimated earnings (USD)', ...dayFirst))).days).toEqual({ from: '2026-11-01', to: '2026-11-12' });
  });
});

describe('files refused with the line and column', () => {
  it('names the line and column of a figure that is not a number', async () => {
    expect(await refusal(fixture('adsense-bad-line.csv'))).toBe("Line 14, column 'Impressions': '12x' is not a number.");
  });

  it('refuses what cannot be read', async () => {
    const header = 'Date,Ad unit,Total impressions,Total revenue (USD)';
    expect(await refusal(csv(header, '2026-11-01,news » top,10,1.00', '2026-02-30,news » top,10,1.00'))).toBe("Line 3, column 'Date': '2026-02-30' is not a date.");
    expect(await refusal(csv(header, 'yesterday,news » top,10,1.00'))).toBe("Line 2, column 'Date': 'yesterday' is not a date.");
    expect(await refusal(csv(header, '2026-11-01,news » top,10.5,1.00'))).toBe("Line 2, column 'Total impressions': '10.5' is not a number of impressions.");
    expect(await refusal(csv(header, '2026-11-01,news » top,10,1.0.0'))).toBe("Line 2, column 'Total revenue (USD)': '1.0.0' is not a number.");
    expect(await refusal(csv(header, '2026-11-01,news » top,10,€1.00'))).toBe("Line 2, column 'Total revenue (USD)': EUR is not the report's currency, USD. A report must be in one currency.");
    expect(await refusal(csv('Date,Ad unit,Impressions,Revenue,Currency', '2026-11-01,/1/a,10,1.00,USD', '2026-11-02,/1/a,10,1.00,EUR'))).toBe(
      "Line 3, column 'Currency': EUR is not the report's currency, USD. A report must be in one currency.",
    );
    expect(await refusal(csv(header, '2026-11-01,news » top,10,"1,234.5"', '2026-11-02,news » top,10,"2.345,6"'))).toBe(
      "Line 3, column 'Total revenue (USD)': '2.345,6' has a decimal comma, but '1,234.5' on line 2 has a decimal point. A report must write its figures one way.",
    );
    expect(await refusal(csv(header, '13/11/2026,news » top,10,1.00', '11/14/2026,news » top,10,1.00'))).toBe(
      "Line 3, column 'Date': '11/14/2026' cannot be a date in the same format as '13/11/2026' on line 2. Export the dates as YYYY-MM-DD.",
    );
    expect(await refusal(csv(header, '03/04/2026,news » top,10,1.00'))).toBe(
      "Line 2, column 'Date': '03/04/2026' could be day/month or month/day, and no other date in the file tells which. Export the dates as YYYY-MM-DD.",
    );
  });

  it('says which column a report lacks, and what is not a report at all', async () => {
    expect(await refusal(csv('Date,Ad unit,Total impressions', '2026-11-01,news » top,10'))).toMatch(/^Line 1: no revenue column\./);
    expect(await refusal(csv('Date,Total impressions', '2026-11-01,10'))).toMatch(/^Line 1: no ad unit or revenue column\./);
    expect(await refusal('name,email\nAda,ada@example.com\n')).toMatch(/^No header row found/);
    expect(await refusal('')).toBe('The file is empty.');
    expect(await refusal(csv('Date,Ad unit,Total impressions,Total revenue (USD)', 'Total,,10,1.00'))).toBe('The report has no lines of figures after its header on line 1.');
  });

  it('holds the source the publisher chose to the columns, and asks when the columns do not tell', async () => {
    expect(await refusal(fixture('adsense-usd.csv'), { source: 'ad_manager' })).toBe(
      "This looks like an AdSense report (its columns are AdSense's), not an Ad Manager one: choose AdSense as the source.",
    );
    const plain = csv('Date,Ad unit,Impressions,Revenue (USD)', '2026-11-01,Sidebar,10,1.00');
    expect(await refusal(plain)).toBe('The columns do not tell whether this is an Ad Manager or an AdSense report: choose the source.');
    expect((await parseRevenueReport(plain, { source: 'adsense' })).source).toBe('adsense');
  });

  it('holds an import to its bounds: file size, days and units', async () => {
    const header = 'Date,Ad unit,Total impressions,Total revenue (USD)';
    expect(await refusal(csv(header, '2026-11-01,a,1,1'), { limits: { bytes: 20 } })).toMatch(/^The file is 0\.\d MB; a report may be at most 0\.0 MB/);
    const days = Array.from({ length: 4 }, (_, n) => `2026-11-0${n + 1},/1/a,1,1`);
    expect(await refusal(csv(header, ...days), { limits: { days: 3 } })).toBe('The report covers more than 3 days; at most 3 can be imported at once. Export it in parts.');
    const units = Array.from({ length: 4 }, (_, n) => `2026-11-01,/1/unit_${n},1,1`);
    expect(await refusal(csv(header, ...units), { limits: { units: 3 } })).toBe('The report names more than 3 ad units; at most 3 can be imported at once.');
    expect(await refusal(csv(header, `2026-11-01,${'x'.repeat(501)},1,1`))).toBe("Line 2, column 'Ad unit': the ad unit's name is longer than 500 characters.");
  });
});

describe('values', () => {
  it('reads figures in every grouping and decimal style, exactly, in millionths', async () => {
    expect(plainDecimal('1,234.56', '.')).toBe('1234.56');
    expect(plainDecimal('1.234,56', ',')).toBe('1234.56');
    expect(plainDecimal('1234,56', ',')).toBe('1234.56');
    expect(plainDecimal('1,23,456.78', '.')).toBe('123456.78');
    expect(plainDecimal('12,34', '.')).toBeUndefined();
    expect(plainDecimal('1,234,56', '.')).toBeUndefined();
    expect(decimalMarkHint('1,234')).toBeUndefined();
    expect(decimalMarkHint('1.234.567')).toBe(',');
    expect(decimalMarkHint('0,45')).toBe(',');
    expect(toMicros('0.1')).toBe(100_000);
    expect(toMicros('-12.3456785')).toBe(-12_345_679);
    expect(toMicros('0.0000004')).toBe(0);
    expect(toMicros('99999999999999')).toBeUndefined();
    expect((await parseRevenueReport(csv('Date,Ad unit,Total impressions,Total revenue', "2026-11-01,/1/a,1'234,CHF 1'234.50"))).unitDays[0]).toMatchObject({
      impressions: 1234,
      revenueMicros: 1_234_500_000,
    });
    expect((await parseRevenueReport(csv('Date,Ad unit,Total impressions,Total revenue', '2026-11-01,/1/a,-,US$ 0.10'))).unitDays[0]).toMatchObject({
      impressions: 0,
      revenueMicros: 100_000,
    });
  });

  it('reads dates as the ad servers write them', async () => {
    expect(readDate('2026-11-25')).toEqual({ day: '2026-11-25' });
    expect(readDate('2026/11/25')).toEqual({ day: '2026-11-25' });
    expect(readDate('20261125')).toEqual({ day: '2026-11-25' });
    expect(readDate('2026-11-25 00:00:00')).toEqual({ day: '2026-11-25' });
    expect(readDate('25.11.2026')).toEqual({ day: '2026-11-25' });
    expect(readDate('Nov 25, 2026')).toEqual({ day: '2026-11-25' });
    expect(readDate('Wed, Nov 25, 2026')).toEqual({ day: '2026-11-25' });
    expect(readDate('25 November 2026')).toEqual({ day: '2026-11-25' });
    expect(readDate('25-Nov-26')).toEqual({ day: '2026-11-25' });
    expect(readDate('11/25/2026')).toEqual({ first: 11, second: 25, year: 2026 });
    expect(readDate('Totals')).toBeUndefined();
  });
});

describe('matching report units to the website units', () => {
  const keys = ['/21700045/daily_gazette/article_top', '/21700045/daily_gazette/home_top', '/999/other/home_top', '4821596307', 'div-sidebar'];

  it('matches by full path, by its last levels in any separator, by the AdSense slot, by the key itself', async () => {
    const matches = matchReportUnits(
      [
        '/21700045/daily_gazette/article_top',
        'daily_gazette » article_top',
        'daily_gazette > article_top',
        'article_top',
        'Daily Gazette › Article Top (21812345678)',
        'daily_gazette » home_top',
        'ca-pub-4815162342000000:4821596307',
        'Article in-content (ca-pub-4815162342000000:4821596307)',
        '4821596307',
        'DIV-SIDEBAR',
      ],
      keys,
    );
    expect([...matches.values()]).toEqual([
      '/21700045/daily_gazette/article_top',
      '/21700045/daily_gazette/article_top',
      '/21700045/daily_gazette/article_top',
      '/21700045/daily_gazette/article_top',
      '/21700045/daily_gazette/article_top',
      '/21700045/daily_gazette/home_top',
      '4821596307',
      '4821596307',
      '4821596307',
      'div-sidebar',
    ]);
  });

  it('leaves unmatched what matches nothing, or more than one unit', async () => {
    const matches = matchReportUnits(['home_top', 'newsletter_banner', 'ca-pub-1:7395012846', '(no ad unit)'], keys);
    expect([...matches.values()]).toEqual([null, null, null, null]);
    expect(adsenseSlotOf('ca-pub-4815162342000000:7395012846')).toBe('7395012846');
    expect(adsenseSlotOf('Sidebar')).toBeUndefined();
  });
});

describe('exchange rates that come with a report', () => {
  it("reads Ad Manager's exchange-rate column into the website's currency, a day without one taking the day before's", async () => {
    const report = await parseRevenueReport(fixture('ad-manager-exchange-rate.csv'), { rateCurrency: 'USD' });
    expect(report).toMatchObject({ source: 'ad_manager', currency: 'EUR', rows: 5, days: { from: '2026-11-01', to: '2026-11-03' } });
    expect(report.rates).toEqual([
      { day: '2026-11-01', currency: 'EUR', into: 'USD', rate: 1.0842 },
      { day: '2026-11-02', currency: 'EUR', into: 'USD', rate: 1.0791 },
      // No rate on its line: the nearest earlier day's, within the report.
      { day: '2026-11-03', currency: 'EUR', into: 'USD', rate: 1.0791 },
    ]);
    // The revenue itself is as before: in the report's currency.
    expect(report.unitDays.reduce((sum, row) => sum + row.revenueMicros, 0)).toBe(88_010_000);
  });

  it('averages differing rates of a day by revenue, and takes the currency its header names over the website\'s', async () => {
    const report = await parseRevenueReport(
      csv('Date,Ad unit,Impressions,Total revenue (EUR),Currency exchange rate (GBP)', '2026-11-01,top,100,30.00,0.80', '2026-11-01,rail,100,10.00,0.90'),
      { rateCurrency: 'USD' },
    );
    expect(report.rates).toEqual([{ day: '2026-11-01', currency: 'EUR', into: 'GBP', rate: expect.closeTo(0.825, 12) }]);
  });

  it("derives each day's rate from AdSense's earnings in two currencies", async () => {
    const report = await parseRevenueReport(fixture('adsense-two-currencies.csv'));
    expect(report).toMatchObject({ source: 'adsense', currency: 'EUR', days: { from: '2026-11-12', to: '2026-11-13' } });
    expect(report.unitDays.reduce((sum, row) => sum + row.revenueMicros, 0)).toBe(26_500_000);
    expect(report.rates).toEqual([
      { day: '2026-11-12', currency: 'EUR', into: 'USD', rate: expect.closeTo(14.09 / 13, 12) },
      { day: '2026-11-13', currency: 'EUR', into: 'USD', rate: expect.closeTo(14.61 / 13.5, 12) },
    ]);
  });

  it("derives it from Ad Manager's revenue in the network currency beside the same column in dollars, German style", async () => {
    const report = await parseRevenueReport(fixture('ad-manager-network-usd-de.csv'));
    expect(report).toMatchObject({ source: 'ad_manager', currency: 'EUR', days: { from: '2026-10-28', to: '2026-10-29' } });
    expect(report.rates).toEqual([
      { day: '2026-10-28', currency: 'EUR', into: 'USD', rate: expect.closeTo(1958.61 / 1806.5, 12) },
      { day: '2026-10-29', currency: 'EUR', into: 'USD', rate: expect.closeTo((1620.26 + 43.95) / (1497.15 + 40.61), 12) },
    ]);
  });

  it('carries none when the report has none, or only rates into its own currency', async () => {
    expect((await parseRevenueReport(fixture('ad-manager-eur.csv'))).rates).toEqual([]);
    expect((await parseRevenueReport(fixture('ad-manager-exchange-rate.csv'), { rateCurrency: 'EUR' })).rates).toEqual([]);
  });

  it('names the line and column of a rate that is not a positive number, or of two revenues that give none', async () => {
    expect(await refusal(fixture('ad-manager-bad-rate.csv'))).toBe(
      "Line 4, column 'Currency exchange rate (USD)': '0' is not an exchange rate: a rate is a number from 0.000001 to 1,000,000.",
    );
    const header = 'Date,Ad unit,Impressions,Estimated earnings (EUR),Exchange rate (USD)';
    expect(await refusal(csv(header, '2026-11-01,top,100,1.00,-1.08'))).toBe(
      "Line 2, column 'Exchange rate (USD)': '-1.08' is not an exchange rate: a rate is a number from 0.000001 to 1,000,000.",
    );
    expect(await refusal(csv(header, '2026-11-01,top,100,1.00,n/a'))).toBe(
      "Line 2, column 'Exchange rate (USD)': 'n/a' is not an exchange rate: a rate is a number from 0.000001 to 1,000,000.",
    );
    expect(await refusal(csv('Date,Ad unit,Impressions,Revenue (EUR),Revenue (USD)', '2026-11-01,top,100,1.00,1.08', '2026-11-01,rail,100,2.00,0'), { source: 'adsense' })).toBe(
      "Line 3, column 'Revenue (USD)': '0' beside '2.00' in 'Revenue (EUR)' gives no exchange rate: both must be 0, or their ratio a number from 0.000001 to 1,000,000.",
    );
    // A bare rate column needs a currency to be in: the website's, when it has one.
    expect(await refusal(fixture('ad-manager-exchange-rate.csv'))).toBe(
      "Line 1, column 'Exchange rate': the header does not say which currency its rates are in, and the website has no currency yet. Name it in the header, as 'Exchange rate (USD)', or choose the website's currency in its Ads & revenue settings.",
    );
  });
});
