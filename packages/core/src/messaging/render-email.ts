import { PRODUCT_NAME } from '@nj/contracts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Builds the plain-text and HTML bodies of a product e-mail (Spanish; title, paragraphs, an optional code shown
 * large, an optional button link, a footer). Every text is HTML-escaped; the link must be absolute.
 */
export function renderEmail(parts: {
  title: string;
  paragraphs: readonly string[];
  code?: string;
  button?: { label: string; url: string };
  footer?: string;
  /** Issue 17: listing cards (saved-search alerts): a title, a price line, the absolute link and an optional photo URL. */
  items?: readonly { title: string; price: string; url: string; photoUrl?: string | null }[];
}): { text: string; html: string } {
  const text = [
    parts.title,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.code ? [parts.code, ''] : []),
    ...(parts.items ?? []).flatMap((i) => [`${i.title} — ${i.price}`, i.url, '']),
    ...(parts.button ? [`${parts.button.label}: ${parts.button.url}`, ''] : []),
    ...(parts.footer ? [parts.footer, ''] : []),
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(parts.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td><p style="font-size:14px;color:#dc2626;font-weight:bold;margin:0 0 16px">${escapeHtml(PRODUCT_NAME)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(parts.title)}</h1>
${parts.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${(parts.items ?? []).map((i) => `<table role="presentation" width="100%" style="margin:0 0 16px;border:1px solid #e5e7eb;border-radius:6px"><tr>
${i.photoUrl ? `<td width="120" style="padding:8px"><a href="${escapeHtml(i.url)}"><img src="${escapeHtml(i.photoUrl)}" alt="${escapeHtml(i.title)}" width="112" style="display:block;border-radius:4px"></a></td>` : ''}
<td style="padding:8px"><a href="${escapeHtml(i.url)}" style="color:#1f2937;font-weight:bold;text-decoration:none">${escapeHtml(i.title)}</a><p style="margin:4px 0 0;font-size:15px;color:#dc2626;font-weight:bold">${escapeHtml(i.price)}</p></td></tr></table>`).join('\n')}
${parts.code ? `<p style="font-size:32px;letter-spacing:6px;font-weight:bold;margin:16px 0">${escapeHtml(parts.code)}</p>` : ''}
${parts.button ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.button.url)}" style="background:#dc2626;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(parts.button.label)}</a></p>
<p style="font-size:12px;color:#6b7280;word-break:break-all">${escapeHtml(parts.button.url)}</p>` : ''}
${parts.footer ? `<p style="font-size:13px;color:#6b7280;margin-top:24px">${escapeHtml(parts.footer)}</p>` : ''}
</td></tr></table></body></html>`;
  return { text, html };
}
