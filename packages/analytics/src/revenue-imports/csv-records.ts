// The text of an exported CSV file and its records: the bytes decoded (UTF-8 with or without a BOM, the UTF-16 of
// Ad Manager's "CSV for Excel", else Windows-1252), then quoted fields, doubled quotes, line breaks inside quotes and
// any of comma, semicolon or tab as the separator, each record with the line of the file it starts on.

import { yieldToEventLoop } from '../event-loop.ts';

export type Separator = ',' | ';' | '\t';
export const SEPARATORS: readonly Separator[] = [',', ';', '\t'];

export interface CsvRecord {
  /** The line of the file the record starts on, from 1. */
  line: number;
  cells: string[];
}

/** The file's text. A BOM says the encoding; without one, text that is not valid UTF-8 is taken as Windows-1252
 * (Excel's "CSV" on Windows), whose € and accents would otherwise turn into replacement characters. Decoded a
 * megabyte at a time, with the event loop given back in between. */
export async function decodeCsvBytes(bytes: Uint8Array): Promise<string> {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeInSlices(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeInSlices(bytes.subarray(2), 'utf-16be');
  try {
    // The decoder drops a UTF-8 BOM itself.
    return await decodeInSlices(bytes, 'utf-8');
  } catch {
    return decodeInSlices(bytes, 'windows-1252');
  }
}

const DECODE_SLICE = 1024 * 1024;

async function decodeInSlices(bytes: Uint8Array, encoding: string): Promise<string> {
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  let text = '';
  for (let at = 0; at < bytes.length; at += DECODE_SLICE) {
    text += decoder.decode(bytes.subarray(at, at + DECODE_SLICE), { stream: true });
    if (at + DECODE_SLICE < bytes.length) await yieldToEventLoop();
  }
  return text + decoder.decode();
}

/** The records of `text` split on `separator`, from its start: all of them, or the first `limit`. */
export function readCsvRecords(text: string, separator: Separator, limit = Infinity): CsvRecord[] {
  const reader = csvReader(text, separator);
  const records: CsvRecord[] = [];
  for (let record = reader(); record && records.length < limit; record = records.length < limit ? reader() : undefined) records.push(record);
  return records;
}

/** Reads the records of `text` one call at a time (undefined at the end), so a caller can pause between them. A BOM
 * left in the text is dropped. Fields keep their spaces; a quote that opens a field (after spaces, if any) closes at
 * the next lone quote, and what follows it up to the separator is kept too, as spreadsheets do. */
export function csvReader(text: string, separator: Separator): () => CsvRecord | undefined {
  const length = text.length;
  const sep = separator.charCodeAt(0);
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  return () => {
    if (index >= length) return undefined;
    const record: CsvRecord = { line, cells: [] };
    for (;;) {
      let cell = '';
      let at = index;
      while (text.charCodeAt(at) === SPACE) at += 1;
      if (text.charCodeAt(at) === QUOTE) {
        // A quoted field: everything to the closing quote, with "" for a quote and line breaks kept.
        let from = at + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          const piece = text.slice(from, quote === -1 ? length : quote);
          cell += piece;
          line += lineBreaks(piece);
          if (quote === -1) {
            index = length;
            break;
          }
          if (text.charCodeAt(quote + 1) === QUOTE) {
            cell += '"';
            from = quote + 2;
            continue;
          }
          index = quote + 1;
          break;
        }
      }
      let end = index;
      for (; end < length; end += 1) {
        const code = text.charCodeAt(end);
        if (code === sep || code === CR || code === LF) break;
      }
      record.cells.push(cell === '' ? text.slice(index, end) : cell + text.slice(index, end));
      const code = text.charCodeAt(end);
      if (code === sep) {
        index = end + 1;
        continue;
      }
      index = end + (code === CR && text.charCodeAt(end + 1) === LF ? 2 : end < length ? 1 : 0);
      if (end < length) line += 1;
      return record;
    }
  };
}

const SPACE = 0x20;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Line breaks in a quoted field's text: CRLF, LF or a lone CR each count once. */
function lineBreaks(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count += 1;
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== LF) count += 1;
  return count;
}

/** Whether a record holds nothing but empty cells (a blank line, or a row of separators). */
export const isBlankRecord = (record: CsvRecord): boolean => record.cells.every((cell) => cell.trim() === '');
