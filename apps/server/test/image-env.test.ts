// The Docker image's environment, read from the Dockerfile's final stage without Docker (no image is built here):
// it loads, and it creates no demo account, whose password a deployment would then have to guard.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../src/config.ts';

const DOCKERFILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../Dockerfile');

/** The instructions of the Dockerfile's last stage, each on one line: comments dropped, `\` continuations joined. */
function finalStage(text: string): string[] {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const instructions = joined.split('\n').map((line) => line.trim()).filter(Boolean);
  const from = instructions.findLastIndex((line) => /^FROM\s/i.test(line));
  return instructions.slice(from);
}

/** `ENV A=1 B="two words"` (and the old `ENV A 1` form) as the variables it sets, later ones overriding. */
function imageEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of finalStage(text)) {
    const args = line.match(/^ENV\s+(.*)$/i)?.[1];
    if (args === undefined) continue;
    const old = args.match(/^([A-Za-z_][A-Za-z0-9_]*)\s+([^=]*)$/);
    if (old) {
      env[old[1]!] = old[2]!.trim();
      continue;
    }
    for (const pair of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)) {
      env[pair[1]!] = unquote(pair[2]!);
    }
  }
  return env;
}

const unquote = (value: string) =>
  value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value.startsWith("'") ? value.slice(1, -1) : value;

const dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-image-env-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the Docker image\'s environment', () => {
  it('reads ENV lines of the final stage, continued or not, quoted or not', () => {
    const text = 'FROM a AS build\nENV NOT_FINAL=1\nFROM b\n# ENV COMMENTED=1\nENV A=1 \\\n  B="two words" \\\n  C=3\nENV D 4 5\nENV A=6\n';
    expect(imageEnv(text)).toEqual({ A: '6', B: 'two words', C: '3', D: '4 5' });
  });

  const env = imageEnv(readFileSync(DOCKERFILE, 'utf8'));

  it('sets only variables Foldline reads, besides NODE_ENV', () => {
    expect(env.DATA_DIR).toBe('/data');
    for (const name of Object.keys(env).filter((name) => name !== 'NODE_ENV')) expect(CONFIG_VARIABLES, name).toContain(name);
  });

  it('loads, and creates no demo account unless DEMO=1 is given', () => {
    // DATA_DIR is the image's volume; here a directory of the test's own.
    const config = loadConfig({ ...env, DATA_DIR: dataDir });
    expect(config.demo).toBe(false);
    expect(config.fetchPolicy.allowedHosts).toEqual([]);
    expect(loadConfig({ ...env, DATA_DIR: dataDir, DEMO: '1' }).demo).toBe(true);
  });
});
