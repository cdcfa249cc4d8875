export * from './connect.ts';
export * from './migrate.ts';
export * from './config.ts';
export * from './testing/template.ts';
export type * from './schema.ts';
