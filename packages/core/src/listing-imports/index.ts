export * from './plan-listing-import.ts';
export * from './update-listing-import-mapping.ts';
export * from './dry-run-listing-import.ts';
export * from './start-listing-import.ts';
export * from './run-listing-import.ts';
export * from './get-listing-import.ts';
export * from './list-listing-imports.ts';
export * from './undo-listing-import.ts';
