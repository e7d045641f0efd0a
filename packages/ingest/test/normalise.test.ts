// Beacon text cleaned and cut for every store: the rules the collector's end-to-end tests (collect-text.test.ts) rely on.
import { PAGE_COLUMN_SIZES, PAGE_INDEX_TEXT_BYTES } from '@foldline/metadata/column-sizes';
import { describe, expect, it } from 'vitest';
import { cleanText, cutText, normaliseEvent, pageOriginOf, pagePathOf, pageTitle } from '../src/normalise.ts';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('cleanText', () => {
  it('strips NUL, the other C0 controls and DEL, keeping tab, line feed and carriage return', () => {
    expect(cleanText('a\u0000b\u0001c\u001fd\u007fe\tf\ng\rh')).toBe('abcde\tf\ng\rh');
  });
  it('puts U+FFFD for lone surrogates and keeps pairs', () => {
    expect(cleanText('\ud83d x \ude00 😀')).toBe('\ufffd x \ufffd 😀');
  });
});

describe('cutText', () => {
  it('never ends between the halves of a pair', () => {
    expect(cutText('ab😀', 3)).toBe('ab');
    expect(cutText('ab😀', 4)).toBe('ab😀');
    expect(cutText('abc', 5)).toBe('abc');
  });
});

describe('pagePathOf', () => {
  it('decodes, cleans and falls back to /', () => {
    expect(pagePathOf(new URL('https://a.example/x%00y/%E4%B8%AD'))).toBe('/xy/中');
    expect(pagePathOf(new URL('https://a.example/%00'))).toBe('/');
    expect(pagePathOf(new URL('https://a.example/%FF%00'))).toBe('/%FF%00');
  });
  it('cuts a long path to the column, the same for every path sharing its start', () => {
    const stem = `/${'p'.repeat(3000)}`;
    const one = pagePathOf(new URL(`https://a.example${stem}a`));
    expect(one).toHaveLength(PAGE_COLUMN_SIZES.url_path);
    expect(pagePathOf(new URL(`https://a.example${stem}b`))).toBe(one);
  });
});

describe('pageOriginOf', () => {
  it('keeps an origin that fits its column and none that does not', () => {
    expect(pageOriginOf(new URL('http://news.localhost:3000/a'))).toBe('http://news.localhost:3000');
    expect(pageOriginOf(new URL(`https://${'h'.repeat(490)}.example.com/`))).toBe('');
  });
});

describe('pageTitle', () => {
  it('cuts to the column', () => {
    expect(pageTitle('t'.repeat(600), '/')).toHaveLength(PAGE_COLUMN_SIZES.title);
  });
  it('leaves the page list indexes room: path and lower-cased title within their bytes together', () => {
    const path = `/${'p'.repeat(2000)}`;
    for (const char of ['中', 'Ⱥ', 'İ', '😀']) {
      const title = pageTitle(char.repeat(500), path);
      expect(bytes(path) + Math.max(bytes(title), bytes(title.toLowerCase())), char).toBeLessThanOrEqual(PAGE_INDEX_TEXT_BYTES);
      expect(title.length, char).toBeGreaterThan(0);
      expect(cleanText(title), char).toBe(title);
    }
  });
});

describe('normaliseEvent', () => {
  it('cleans every text of an event and cuts slot fields to their columns', () => {
    const ad = normaliseEvent(
      { k: 'ad', a: 0, imp: '0b4f1f5e-6f7a-4c1e-9a53-1c0f2f1b6a11', ev: 'impression', slot: { key: `k\u0000${'x'.repeat(600)}`, name: 'n\u0000', gid: 'g\u0000', sel: '#s\u0000', x: 0, y: 0, w: 1, h: 1 } },
      '/',
    );
    expect(ad.k === 'ad' && ad.slot).toMatchObject({ key: `k${'x'.repeat(499)}`, name: 'n', gid: 'g', sel: '#s' });
    const click = normaliseEvent({ k: 'click', a: 0, x: 0, y: 0, vw: 1, dh: 1, s: 'a\u0000>b', ox: 0, oy: 0 }, '/');
    expect(click.k === 'click' && click.s).toBe('a>b');
    const pv = normaliseEvent({ k: 'pv', a: 0, t: 'T\u0000', r: 'https://r.example/\u0000', vw: 1, vh: 1, dh: 1 }, '/');
    expect(pv.k === 'pv' && [pv.t, pv.r]).toEqual(['T', 'https://r.example/']);
  });
});
