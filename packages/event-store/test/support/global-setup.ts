// Vitest's global setup (vitest.config.ts, e2e/vitest.config.ts): one migrated event store for every test process of
// the run to copy (migrated-store.ts), instead of one migrated per process. Test processes start after this and inherit
// the variable that names it.
import { makeMigratedTemplate, TEMPLATE_ENV } from './migrated-store.ts';

export default async function setup(): Promise<() => void> {
  const template = await makeMigratedTemplate();
  process.env[TEMPLATE_ENV] = template.dir;
  return () => {
    delete process.env[TEMPLATE_ENV];
    template.remove();
  };
}
