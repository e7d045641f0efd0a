// Public surface of the ingest package: the collector pipeline and its parts.
export { createIngest, steps, type Ingest, type IngestOptions, type IngestResult, type IngestStats, type RequestMeta } from './pipeline.ts';
export { DROP_REASONS, type DropReason } from './drop-reasons.ts';
export { isBotUserAgent } from './bots.ts';
export { hostBelongsTo, type CollectPrefs } from './website-cache.ts';
export { DEFAULT_COLLECT_LIMITS, type CollectLimits } from './budgets.ts';
