// The browser tests drive the system Chromium. Install it when missing (root on Debian), else say what to install.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
const found = candidates.find((candidate) => existsSync(candidate));
if (found) {
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = existsSync('/etc/debian_version');
if (isRoot && isDebian) {
  console.log('Chromium is missing: installing the Debian package "chromium" for the browser tests…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  if (existsSync('/usr/bin/chromium')) process.exit(0);
}
console.error('The browser tests need Chromium. Install the package "chromium" (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
process.exit(1);
