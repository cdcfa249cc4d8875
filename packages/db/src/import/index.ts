export * from './listing-fields.ts';
export * from './listing-identity.ts';
export * from './layouts.ts';
export * from './import-listings.ts';
export * from './ensure-demo-data.ts';
