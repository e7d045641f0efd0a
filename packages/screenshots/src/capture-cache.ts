// Captures on disk under DATA_DIR/screenshots: one JPEG and one JSON sidecar per website, URL and device, written
// atomically, fresh for a day, and bounded in number and bytes (the oldest captures go first). Keyed by website, not by
// URL alone: two accounts may register the same domain, and neither may see or replace the other's captures.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DeviceType } from '@foldline/contracts';
import type { PageCapture } from './capture.ts';

/** A capture this young is served as it is; an older one is taken again on the next request. */
export const FRESH_MS = 24 * 60 * 60 * 1000;

/**
 * The bound: after every write the cache keeps at most MAX_ENTRIES captures and MAX_BYTES of files, dropping the
 * captures taken longest ago. A tall desktop page is a few MB, a phone one a few hundred KB, so this holds a busy
 * account's pages × 3 devices within a gigabyte.
 */
export const MAX_ENTRIES = 600;
export const MAX_BYTES = 1024 * 1024 * 1024;

interface Sidecar {
  /** The website the capture was taken for. */
  website: string;
  url: string;
  device: DeviceType;
  /** The JPEG beside it: named per capture, so a reader never pairs one capture's sidecar with another's image. */
  image: string;
  width: number;
  height: number;
  documentHeight: number;
  truncated: boolean;
  capturedAt: string;
  elements: PageCapture['elements'];
  outline?: PageCapture['outline'];
  labels?: PageCapture['labels'];
}

/** The URL as cached: parsed (case, default port) and without its fragment, which the server never sees. */
export function normaliseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

export interface CaptureCache {
  read(website: string, url: string, device: DeviceType): Promise<PageCapture | undefined>;
  write(website: string, url: string, device: DeviceType, capture: PageCapture): Promise<void>;
}

export function createCaptureCache(dataDir: string, limits = { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES }): CaptureCache {
  const dir = path.join(dataDir, 'screenshots');
  // Captures cached before they were kept per website had no website in their key: they are never read again, and
  // go as the oldest when the bound is next enforced.
  const keyOf = (website: string, url: string, device: DeviceType) =>
    createHash('sha256').update(`${website}\n${normaliseUrl(url)}\n${device}`).digest('hex');
  const sidecarFile = (key: string) => path.join(dir, `${key}.json`);

  async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  }

  // Works from names and sizes alone (never parses the sidecars): an image is named <key>-<capture time>.jpg, and the
  // newest image of a key is the one its sidecar names.
  async function prune(): Promise<void> {
    const names = await readdir(dir);
    const sidecars = new Set(names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)));
    const newest = new Map<string, { name: string; time: number }>();
    const stale: string[] = [];
    for (const name of names) {
      const match = /^([0-9a-f]{64})-(\d+)\.jpg$/.exec(name);
      if (!match) {
        if (name.endsWith('.tmp')) stale.push(name);
        continue;
      }
      const [, key, time] = match as unknown as [string, string, string];
      const current = newest.get(key);
      if (!current || Number(time) > current.time) {
        if (current) stale.push(current.name);
        newest.set(key, { name, time: Number(time) });
      } else stale.push(name);
    }
    // Replaced images and the temporary files of writes that died, once a minute old (a write may be under way).
    const now = Date.now();
    for (const name of stale) {
      const file = path.join(dir, name);
      if (await stat(file).then((s) => now - s.mtimeMs > 60_000, () => false)) await rm(file, { force: true });
    }
    const captures = await Promise.all(
      [...newest].filter(([key]) => sidecars.has(key)).map(async ([key, image]) => {
        const sizes = await Promise.all([`${key}.json`, image.name].map((f) => stat(path.join(dir, f)).then((s) => s.size, () => 0)));
        return { files: [`${key}.json`, image.name], bytes: sizes[0]! + sizes[1]!, time: image.time };
      }),
    );
    captures.sort((a, b) => a.time - b.time);
    let bytes = captures.reduce((sum, c) => sum + c.bytes, 0);
    while (captures.length > limits.maxEntries || (bytes > limits.maxBytes && captures.length > 1)) {
      const oldest = captures.shift()!;
      bytes -= oldest.bytes;
      // The sidecar first: an image without one is never served.
      for (const name of oldest.files) await rm(path.join(dir, name), { force: true });
    }
  }

  async function readSidecar(key: string): Promise<Sidecar | undefined> {
    try {
      return JSON.parse(await readFile(sidecarFile(key), 'utf8')) as Sidecar;
    } catch {
      return undefined;
    }
  }

  let pruning: Promise<void> = Promise.resolve();

  return {
    async read(website, url, device) {
      const key = keyOf(website, url, device);
      let sidecar: Sidecar | undefined;
      let image: Buffer | undefined;
      // A write replaces the image right after the sidecar: a read caught in between reads the new sidecar again.
      for (let attempt = 0; attempt < 2 && !image; attempt++) {
        sidecar = await readSidecar(key);
        if (!sidecar) return undefined;
        image = await readFile(path.join(dir, sidecar.image)).catch(() => undefined);
      }
      if (!sidecar || !image) return undefined;
      return {
        image,
        contentType: 'image/jpeg',
        width: sidecar.width,
        height: sidecar.height,
        documentHeight: sidecar.documentHeight,
        truncated: sidecar.truncated,
        capturedAt: new Date(sidecar.capturedAt),
        elements: sidecar.elements,
        outline: sidecar.outline,
        ...(sidecar.labels ? { labels: sidecar.labels } : {}),
      };
    },
    async write(website, url, device, capture) {
      await mkdir(dir, { recursive: true });
      const key = keyOf(website, url, device);
      const image = `${key}-${capture.capturedAt.getTime()}.jpg`;
      await writeAtomically(path.join(dir, image), capture.image);
      const sidecar: Sidecar = {
        website,
        url: normaliseUrl(url),
        device,
        image,
        width: capture.width,
        height: capture.height,
        documentHeight: capture.documentHeight,
        truncated: capture.truncated,
        capturedAt: capture.capturedAt.toISOString(),
        elements: capture.elements,
        outline: capture.outline,
        ...(capture.labels ? { labels: capture.labels } : {}),
      };
      const previous = await readSidecar(key);
      await writeAtomically(sidecarFile(key), JSON.stringify(sidecar));
      if (previous && previous.image !== image) await rm(path.join(dir, previous.image), { force: true });
      // One sweep at a time; a sweep that fails leaves the cache a little over its bound until the next write.
      pruning = pruning.then(prune).catch(() => undefined);
      await pruning;
    },
  };
}
