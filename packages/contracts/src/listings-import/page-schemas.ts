import { z } from '../common/zod-locale.ts';
import { IMPORT_PAGE_MESSAGES as M, IMPORT_TARGET_LABELS } from './page-messages.ts';

/** Limits of a file uploaded on the import page (issue 10): data rows and bytes. */
export const LISTING_IMPORT_LIMITS = { maxRows: 20_000, maxBytes: 20 * 1024 * 1024 } as const;

/** The targets a column can be mapped to, in the order the page offers them. */
export const IMPORT_TARGETS = Object.keys(IMPORT_TARGET_LABELS) as (keyof typeof IMPORT_TARGET_LABELS)[];
export type TImportTarget = keyof typeof IMPORT_TARGET_LABELS;

/** States of an import (table listing_imports). */
export const LISTING_IMPORT_STATUSES = ['planned', 'running', 'done', 'failed', 'undone'] as const;
export type TListingImportStatus = (typeof LISTING_IMPORT_STATUSES)[number];

/**
 * Body of PUT /api/v1/listing-imports/{id}/mapping: the target of each column by its header (null = not imported).
 * Columns left out keep the engine's guess.
 */
export const ZListingImportMappingBody = z.object({
  columns: z.array(z.object({
    header: z.string().max(500),
    target: z.enum(IMPORT_TARGETS as [TImportTarget, ...TImportTarget[]], { error: M.badMapping }).nullable(),
  })).max(500),
});
export type TListingImportMappingBody = z.infer<typeof ZListingImportMappingBody>;

/** A group of skipped rows: the Spanish reason, how many rows, the first line numbers (header = line 1). */
export const ZImportReportGroup = z.object({ reason: z.string(), count: z.number(), lines: z.array(z.number()) });
export type TImportReportGroup = z.infer<typeof ZImportReportGroup>;

/** One previewed row: its line, the source cells by header, and what would be imported or why it is skipped. */
export const ZImportPreviewRow = z.object({
  line: z.number(),
  source: z.record(z.string(), z.string()),
  listing: z.object({
    opType: z.enum(['renta', 'venta']),
    propertyType: z.string(),
    price: z.number(),
    currency: z.enum(['mxn', 'usd']),
    rooms: z.number().nullable(),
    bathrooms: z.number().nullable(),
    constructionArea: z.number().nullable(),
    landArea: z.number().nullable(),
    colonia: z.string().nullable(),
    municipality: z.string().nullable(),
    state: z.string().nullable(),
    precision: z.string().nullable(),
  }).nullable(),
  reason: z.string().nullable(),
});
export type TImportPreviewRow = z.infer<typeof ZImportPreviewRow>;

/** The plan of an uploaded file: layout, columns with the guess, the chosen target and samples, missing fields, preview. */
export const ZListingImportPlan = z.object({
  format: z.enum(['csv', 'xlsx']),
  rows: z.number(),
  layout: z.string(),
  columns: z.array(z.object({ header: z.string(), guess: z.string().nullable(), mapped: z.string().nullable(), samples: z.array(z.string()) })),
  missing: z.array(z.string()),
  /** Why the columns cannot be read yet (the importer's Spanish refusal), or null. */
  error: z.string().nullable(),
  preview: z.array(ZImportPreviewRow),
});
export type TListingImportPlan = z.infer<typeof ZListingImportPlan>;

/** An import as its owner sees it (times ISO 8601). */
export const ZListingImport = z.object({
  id: z.string(),
  file_name: z.string(),
  format: z.enum(['csv', 'xlsx']),
  status: z.enum(LISTING_IMPORT_STATUSES),
  rows_total: z.number(),
  rows_done: z.number(),
  imported: z.number(),
  updated: z.number(),
  skipped: z.number(),
  report: z.array(ZImportReportGroup).nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  undone_at: z.string().nullable(),
});
export type TListingImport = z.infer<typeof ZListingImport>;

/** Answer of upload and mapping: the import and its plan. */
export const ZListingImportWithPlan = z.object({ import: ZListingImport, plan: ZListingImportPlan });
export type TListingImportWithPlan = z.infer<typeof ZListingImportWithPlan>;

/** Answer of a dry run: counts by outcome and the grouped skip report; nothing written. */
export const ZListingImportDryRun = z.object({
  total: z.number(), imported: z.number(), updated: z.number(), skipped: z.number(), report: z.array(ZImportReportGroup),
});
export type TListingImportDryRun = z.infer<typeof ZListingImportDryRun>;

/** Answer of undo: the import and how many listings were deactivated. */
export const ZListingImportUndo = z.object({ import: ZListingImport, deactivated: z.number() });
export type TListingImportUndo = z.infer<typeof ZListingImportUndo>;
