export * from './connect.ts';
export * from './migrate.ts';
export * from './config.ts';
export * from './testing/template.ts';
export type * from './schema.ts';
export { importListingsFile, parseListingsCsv, type ImportOptions, type ImportSummary, type SkippedRow } from './import/import-listings.ts';
export { ensureDemoData, DEMO_LISTINGS_PATH } from './import/ensure-demo-data.ts';
