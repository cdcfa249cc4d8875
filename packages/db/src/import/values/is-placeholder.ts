/** True when a cell means "unknown" ('', 'sin dato', 'N/A', 'n/d', '-', '--', 'no disponible', …). Stub. */
export function isPlaceholder(text: string | null | undefined): boolean {
  return (text ?? '').trim() === '';
}
