import { join } from 'node:path';
import { NORMALISED_COLUMNS } from '@nj/db/import/listing-fields';
import { REPO_ROOT, toCsv, writeOut } from './common.ts';

/**
 * Writes test/fixtures/listings-sample.csv: a few hundred demo rows the test database is seeded with — every
 * Providencia listing of Guadalajara (capped), the USD ones of Guadalajara/Zapopan, and an even spread of the rest
 * (renta and venta, both sources, several states). Deterministic: same demo file, same sample.
 */
export function deriveSample(rows: Record<string, unknown>[]): void {
  const picked = new Set<Record<string, unknown>>();
  const providencia = rows.filter((r) => /providencia/i.test(String(r.colonia ?? '')) && r.municipality === 'Guadalajara');
  providencia.filter((r) => r.op_type === 'renta').slice(0, 40).forEach((r) => picked.add(r));
  providencia.filter((r) => r.op_type === 'venta').slice(0, 40).forEach((r) => picked.add(r));
  rows.filter((r) => r.currency === 'usd' && r.source === 'inmuebles24').forEach((r) => picked.add(r));
  rows.filter((r) => r.currency === 'usd' && r.source === 'properati').filter((_, i) => i % 150 === 0).forEach((r) => picked.add(r));
  rows.filter((r) => r.op_type === 'renta').filter((_, i) => i % 30 === 0).forEach((r) => picked.add(r));
  rows.filter((r) => r.op_type === 'venta').filter((_, i) => i % 200 === 0).forEach((r) => picked.add(r));
  const sample = rows.filter((r) => picked.has(r));
  const path = writeOut(join(REPO_ROOT, 'test', 'fixtures', 'listings-sample.csv'), toCsv(NORMALISED_COLUMNS, sample));
  console.log(`sample: ${sample.length} rows → ${path}`);
}
