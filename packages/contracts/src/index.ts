export * from './catalogue/vocabularies.ts';
export * from './common/api.ts';
export * from './common/messages.ts';
export * from './search/constants.ts';
export * from './search/messages.ts';
export * from './search/schemas.ts';
export * from './places/schemas.ts';
export * from './listings-import/messages.ts';
