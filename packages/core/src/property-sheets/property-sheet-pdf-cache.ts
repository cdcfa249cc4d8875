import type { MediaStorage } from '../media/storage/media-storage.ts';
import { renderPropertySheetPdf, type PropertySheetPdfContent } from './render-property-sheet-pdf.ts';

/** PDFs kept per process: a sheet sent to a group is opened by many people at once. */
const MAX_ENTRIES = 24;
const cache = new Map<string, Promise<Uint8Array>>();

/**
 * The PDF of a property sheet (renderPropertySheetPdf), kept per process by `version` (getPropertySheet's: listing,
 * its photos and the sharer's shown data) and content, so a new version renders again and an unchanged one is served
 * from memory; concurrent requests for one version share one render. At most MAX_ENTRIES PDFs (oldest dropped);
 * a failed render is not kept.
 *
 * @returns the PDF bytes
 */
export function cachedPropertySheetPdf(deps: { storage: MediaStorage }, version: string, content: PropertySheetPdfContent): Promise<Uint8Array> {
  const key = `${version}|${JSON.stringify(content)}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const render = renderPropertySheetPdf(deps, content);
  cache.set(key, render);
  render.catch(() => cache.delete(key));
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return render;
}

