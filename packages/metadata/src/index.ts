// Public surface of the metadata package: the store and one repository module per domain.
export { openMetadataStore, nowIso, type MetadataDb, type MetadataStore, type MetadataOptions } from './database.ts';
export type * from './tables.ts';
