import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/**
 * For tests: the text pdf-lib drew in a PDF (its hex-string `Tj` operators, WinAnsi read as Latin-1), page streams
 * joined with newlines. Enough to check what a generated lease says; not a general text extractor.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of('Filter'));
    let content: Buffer;
    try {
      content = filter?.toString() === '/FlateDecode' ? inflateSync(object.contents) : Buffer.from(object.contents);
    } catch {
      continue;
    }
    for (const m of content.toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
  }
  return out.join('\n');
}
