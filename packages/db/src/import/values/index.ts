/**
 * Value parsers of the listings importer (issue 10 "What a file may look like"): pure functions that read one cell's
 * text into a fact. Placeholders and unknowns become null; only present, unreadable text throws RowError.
 */
export * from './is-placeholder.ts';
export * from './parse-quantity.ts';
export * from './parse-money.ts';
export * from './parse-date.ts';
export * from './parse-age.ts';
export * from './parse-property-type.ts';
export * from './split-type-and-operation.ts';
export * from './split-address.ts';
export * from './parse-operation.ts';
export * from './parse-coordinates.ts';
export * from './parse-amenities.ts';
export * from './parse-state.ts';
