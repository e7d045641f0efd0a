// The values of an ad server's report as publishers' spreadsheets write them: figures with any thousands mark and
// either decimal mark ("1,234.56", "1.234,56", "1 234,56", "1'234.56"), with a currency symbol or code around them;
// days as YYYY-MM-DD, MM/DD/YYYY or DD/MM/YYYY (which one decided by the whole file), DD.MM.YYYY or "Nov 25, 2026".

export type DecimalMark = '.' | ',';

/** Currency symbols as the ad servers write them, longest first so that 'US$' is not read as '$'. */
const SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['AU$', 'AUD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['R$', 'BRL'],
  ['A$', 'AUD'],
  ['C$', 'CAD'],
  ['zł', 'PLN'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['₺', 'TRY'],
  ['₽', 'RUB'],
  ['$', 'USD'],
];

/** Spaces that group digits: the plain one, the no-break ones (French exports) and the thin one. */
const GROUPING_SPACES = /[\s\u00a0\u202f\u2009']/g;

const BARE_FIGURE = /^-?[\d.,]*$/;
const LETTERS = /[A-Za-z]/;
/** A currency code before or after the figure: 'USD 12.30', '12,30 EUR'. */
const CODE = /^([A-Za-z]{3})\s*(?=[-\d.,])|(?<=[\d.,])\s*([A-Za-z]{3})$/;
const SYMBOL_CODES = new Map(SYMBOLS);
/** Any of the symbols, the longest alternatives first. */
const SYMBOL = new RegExp(SYMBOLS.map(([symbol]) => symbol.replace(/[$]/g, '\\$')).join('|'));

/** The currency a bit of text names ('€', 'US$', 'EUR', 'usd'), or undefined. */
export function currencyOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^[A-Za-z]{3}$/.test(trimmed)) return trimmed.toUpperCase();
  return SYMBOLS.find(([symbol]) => trimmed === symbol)?.[1];
}

/** A figure's text without its currency and grouping spaces, and the currency it carried, if any. */
export function splitCurrency(text: string): { figure: string; currency: string | undefined } {
  let figure = text.trim();
  // Most figures are bare: no currency to look for.
  if (BARE_FIGURE.test(figure)) return { figure, currency: undefined };
  let currency: string | undefined;
  const code = LETTERS.test(figure) ? figure.match(CODE) : null;
  if (code) {
    currency = (code[1] ?? code[2])!.toUpperCase();
    figure = figure.replace(code[0], '');
  } else {
    const symbol = figure.match(SYMBOL);
    if (symbol) {
      currency = SYMBOL_CODES.get(symbol[0]);
      figure = figure.slice(0, symbol.index) + figure.slice(symbol.index! + symbol[0].length);
    }
  }
  return { figure: figure.replace(GROUPING_SPACES, ''), currency };
}

/** What a figure says about the file's decimal mark: '.' or ',', or undefined when it could be either ("1,234"). */
export function decimalMarkHint(figure: string): DecimalMark | undefined {
  const digits = figure.replace(/^-/, '');
  if (!/^[\d.,]+$/.test(digits)) return undefined;
  const dot = digits.lastIndexOf('.');
  const comma = digits.lastIndexOf(',');
  if (dot !== -1 && comma !== -1) return dot > comma ? '.' : ',';
  const mark = dot !== -1 ? '.' : comma !== -1 ? ',' : undefined;
  if (!mark) return undefined;
  // Several of one mark are thousands marks: the decimal mark is the other.
  if (digits.indexOf(mark) !== digits.lastIndexOf(mark)) return mark === '.' ? ',' : '.';
  // One mark not followed by exactly three digits is a decimal mark ("12.5", "0,45", "1.2345").
  return digits.length - digits.indexOf(mark) - 1 === 3 ? undefined : mark;
}

/** Figures without thousands marks, read as they stand. */
const SIMPLE: Record<DecimalMark, RegExp> = { '.': /^-?\d+(?:\.\d+)?$/, ',': /^-?\d+(?:,\d+)?$/ };

/** Whole numbers with thousands marks, by the decimal mark of the file (the thousands mark is the other); with a
 * decimal point also the Indian grouping of lakhs and crores ("1,23,456.78"). */
const GROUPED: Record<DecimalMark, RegExp> = { '.': /^\d{1,3}(?:,\d{3})+$|^\d{1,2}(?:,\d{2})+,\d{3}$/, ',': /^\d{1,3}(?:\.\d{3})+$/ };

/** The figure as plain decimal text ('-1234.56'), or undefined when it is not a number. */
export function plainDecimal(figure: string, decimalMark: DecimalMark): string | undefined {
  if (SIMPLE[decimalMark].test(figure)) return decimalMark === '.' ? figure : figure.replace(',', '.');
  const thousands = decimalMark === '.' ? ',' : '.';
  const match = figure.match(/^(-?)(\d[\d.,]*)$/);
  if (!match) return undefined;
  const [whole, fraction, ...more] = match[2]!.split(decimalMark);
  if (more.length > 0 || fraction?.includes(thousands) || (fraction !== undefined && !/^\d+$/.test(fraction))) return undefined;
  // Thousands marks only between groups of three digits: "1,234,567" yes, "1,,2" or "12,34" no.
  if (!/^\d+$/.test(whole!) && !GROUPED[decimalMark].test(whole!)) return undefined;
  const digits = whole!.split(thousands).join('');
  return `${match[1]}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A plain decimal ('-1234.5678915') in millionths, rounded half away from zero; undefined past what a number holds
 * exactly. */
export function toMicros(decimal: string): number | undefined {
  const negative = decimal.charCodeAt(0) === 0x2d;
  const unsigned = negative ? decimal.slice(1) : decimal;
  const point = unsigned.indexOf('.');
  const whole = point === -1 ? unsigned : unsigned.slice(0, point);
  const fraction = point === -1 ? '' : unsigned.slice(point + 1);
  let micros = Number(whole) * 1_000_000 + (fraction ? Number(fraction.slice(0, 6).padEnd(6, '0')) : 0);
  if (fraction.length > 6 && fraction.charCodeAt(6) >= 0x35) micros += 1;
  if (!Number.isSafeInteger(micros)) return undefined;
  return negative && micros !== 0 ? -micros : micros;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date cell as read alone: a day, or two numbers and a year whose order only the rest of the file can tell. */
export type DateReading = { day: string } | { first: number; second: number; year: number } | undefined;

export function readDate(text: string): DateReading {
  // A weekday in front ("Wed, Nov 25, 2026") and a time of day behind ("2026-11-25 00:00:00") say nothing more.
  const cell = text
    .trim()
    .replace(/^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i, '')
    .replace(/[T\s]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*(?:Z|UTC|[+-]\d{2}:?\d{2}))?$/i, '');
  let match = cell.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/) ?? cell.match(/^(\d{4})(\d{2})(\d{2})$/);
  if (match) return dayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = cell.match(/^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/);
  // Dots are the German and Scandinavian order, day first.
  if (match) return dayOf(fullYear(match[3]!), Number(match[2]), Number(match[1]));
  match = cell.match(/^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/);
  if (match) return { first: Number(match[1]), second: Number(match[2]), year: fullYear(match[3]!) };
  match = cell.match(/^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/);
  if (match) return dayOf(Number(match[3]), monthOf(match[1]!), Number(match[2]));
  match = cell.match(/^(\d{1,2})[\s-]([A-Za-z]{3,9})\.?,?[\s-](\d{2}|\d{4})$/);
  if (match) return dayOf(fullYear(match[3]!), monthOf(match[2]!), Number(match[1]));
  return undefined;
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

function monthOf(name: string): number {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index === -1 ? 0 : index + 1;
}

/** 'YYYY-MM-DD' of a real calendar day, or undefined ('2026-02-30' is not one). */
export function dayOf(year: number, month: number, day: number): { day: string } | undefined {
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return { day: date.toISOString().slice(0, 10) };
}
