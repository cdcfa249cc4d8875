// The staff database view and its append-only audit log (issue 14 'The database view'; decision 026).
export * from './write-staff-audit.ts';
export * from './staff-rate-limits.ts';
export * from './convert-staff-value.ts';
export * from './browse-staff-db.ts';
export * from './hover-staff-record.ts';
export * from './edit-staff-record.ts';
export * from './list-staff-audit.ts';
export { staffDbRepository } from './staff-db-repository.ts';
