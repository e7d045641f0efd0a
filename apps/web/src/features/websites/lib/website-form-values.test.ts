// Unit tests of the website form's validation and request bodies.
import { INVALID_DOMAIN_MESSAGE, REQUIRED_WEBSITE_FIELDS_MESSAGE, type Website } from '@foldline/contracts';
import { describe, expect, it } from 'vitest';
import {
  initialWebsiteFormValues,
  parseThreshold,
  toCreateWebsiteBody,
  toUpdateWebsiteBody,
  validateWebsiteForm,
  type WebsiteFormValues,
} from './website-form-values.ts';

const values = (overrides: Partial<WebsiteFormValues> = {}): WebsiteFormValues => ({
  ...initialWebsiteFormValues(),
  name: 'My blog',
  domain: 'blog.example.com',
  ...overrides,
});

const website: Website = {
  website_id: 'w1',
  name: 'Shop',
  domain: 'shop.example.org',
  status: 'inactive',
  timezone: 'Europe/Paris',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  tracking_code: 'abc',
  tracking_script: '<script></script>',
  is_demo: false,
  settings: {
    thresholds: { engagement: 3000, scrollDepth: 80, viewability: 50, viewTime: 1000 },
    preference: { collectClickData: false, collectScrollData: true, collectEngagementData: true, autoDetectAdUnits: false },
  },
};

describe('validateWebsiteForm', () => {
  it('requires name and domain, blank counting as missing', () => {
    expect(validateWebsiteForm(values({ name: '' }))).toBe(REQUIRED_WEBSITE_FIELDS_MESSAGE);
    expect(validateWebsiteForm(values({ domain: '   ' }))).toBe(REQUIRED_WEBSITE_FIELDS_MESSAGE);
    expect(validateWebsiteForm(values({ name: ' ', domain: 'not a domain' }))).toBe(REQUIRED_WEBSITE_FIELDS_MESSAGE);
  });

  it.each(['localhost', 'example', '-bad.com', 'bad-.com', 'exa mple.com', 'example.c', 'example.123', 'http://example.com', 'example.com/path'])(
    'rejects the domain %s',
    (domain) => {
      expect(validateWebsiteForm(values({ domain }))).toBe(INVALID_DOMAIN_MESSAGE);
    },
  );

  it.each(['example.com', 'Sub.Example.CO.uk', 'my-site.io', ' a1.b2.info '])('accepts the domain %s', (domain) => {
    expect(validateWebsiteForm(values({ domain }))).toBeNull();
  });

  it('names the example host in the domain message', () => {
    expect(INVALID_DOMAIN_MESSAGE).toBe('Please enter a valid domain name (e.g., example.com)');
  });
});

describe('parseThreshold', () => {
  it('falls back on empty or non-numeric text and keeps numbers, bounds unenforced', () => {
    expect(parseThreshold('', 2000)).toBe(2000);
    expect(parseThreshold('  ', 70)).toBe(70);
    expect(parseThreshold('abc', 2000)).toBe(2000);
    expect(parseThreshold('12ms', 2000)).toBe(2000);
    expect(parseThreshold(' 1500 ', 2000)).toBe(1500);
    expect(parseThreshold('20000', 2000)).toBe(20000);
    expect(parseThreshold('5', 70)).toBe(5);
  });
});

describe('request bodies', () => {
  it('create: trims, lowercases the domain and applies threshold defaults', () => {
    expect(toCreateWebsiteBody(values({ name: ' Blog ', domain: ' Blog.Example.com ', engagementThreshold: 'x', scrollDepthThreshold: '' }))).toEqual({
      name: 'Blog',
      domain: 'blog.example.com',
      timezone: 'UTC',
      status: 'active',
      settings: { thresholds: { engagement: 2000, scrollDepth: 70 } },
    });
  });

  it('edit: starts from the website and keeps its domain and other settings', () => {
    const form = initialWebsiteFormValues(website);
    expect(form).toEqual({
      name: 'Shop',
      domain: 'shop.example.org',
      timezone: 'Europe/Paris',
      status: 'inactive',
      engagementThreshold: '3000',
      scrollDepthThreshold: '80',
    });
    expect(toUpdateWebsiteBody({ ...form, name: 'Shop 2', domain: 'other.com', engagementThreshold: '750.4' }, website)).toEqual({
      name: 'Shop 2',
      domain: 'shop.example.org',
      timezone: 'Europe/Paris',
      status: 'inactive',
      settings: {
        thresholds: { engagement: 750, scrollDepth: 80, viewability: 50, viewTime: 1000 },
        preference: website.settings.preference,
      },
    });
  });
});
