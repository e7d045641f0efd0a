// The demo account's fixed facts: who signs in, which website it owns, where the demo site answers.
export const DEMO_EMAIL = 'demo@foldline.local';
/** Where DATA_DIR keeps the demo account's first password (owner-only, like jwt-secret). There is no fixed password:
 * one in the code would be public, and would open every installation's demo account to anyone. */
export const DEMO_PASSWORD_FILE = 'demo-password';
export const DEMO_USER_NAME = 'Demo Publisher';
export const DEMO_WEBSITE_NAME = 'Daily Gazette (demo)';
/** Chromium resolves every *.localhost name to loopback, so the demo site needs no DNS or hosts-file entry. */
export const DEMO_HOST = 'news.localhost';
/** History seeded on first start. */
export const DEMO_HISTORY_DAYS = 90;
/** The simulator's seed: every installation gets the same demo history (shifted to its own dates). */
export const DEMO_SEED = 'daily-gazette';
