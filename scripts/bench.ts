// npm run bench: runs every benchmark in scripts/bench/ in turn (or the ones named on the command line).
// Benchmarks print their figures; they are not tests and never fail the build on speed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)))
  .sort();
let failed = false;
for (const file of files) {
  console.log(`\n=== bench: ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
