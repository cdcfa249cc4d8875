/** Skipped rows of one reason (issue 10 "The summary groups skipped rows by reason"). */
export type SkippedGroup = {
  /** The reason: whole when every row of the group gave the same text, else with its row-specific values masked ('Tipo de propiedad desconocido: «…»'). */
  reason: string;
  count: number;
  /** The first line numbers of rows skipped for it (header = line 1), at most `maxLines`, ascending. */
  lines: number[];
  /** Up to three distinct full reasons as the rows gave them (with their values), to show what was wrong. */
  examples: string[];
};

/**
 * The reason's group key: values quoted «…» and parenthesised details ('(ya aparece en la línea 12)') masked, so
 * 'Tipo de propiedad desconocido: «Palacio»' and '… «Isla»' fall in one group.
 */
export function reasonGroupKey(reason: string): string {
  return reason
    .replace(/«[^»]*»/g, '«…»')
    .replace(/\([^()]*\d[^()]*\)/g, '(…)')
    .replace(/: -?\d[\d,.]*( m²)? no es creíble/g, ': … no es creíble');
}

/**
 * Groups skipped rows by reasonGroupKey, most frequent first (ties by first line); a group of one distinct reason
 * is named by it whole. Takes rows in any order and
 * returns at most `maxLines` lines per group.
 */
export function groupSkippedRows(rows: { line: number; reason: string }[], maxLines = 10): SkippedGroup[] {
  const groups = new Map<string, SkippedGroup>();
  for (const row of [...rows].sort((a, b) => a.line - b.line)) {
    const key = reasonGroupKey(row.reason);
    let group = groups.get(key);
    if (!group) {
      group = { reason: key, count: 0, lines: [], examples: [] };
      groups.set(key, group);
    }
    group.count++;
    if (group.lines.length < maxLines) group.lines.push(row.line);
    if (group.examples.length < 3 && !group.examples.includes(row.reason)) group.examples.push(row.reason);
  }
  // A group whose rows all gave the same reason shows it whole ('Tipo de propiedad desconocido: «Castillo»').
  for (const group of groups.values()) if (group.examples.length === 1) group.reason = group.examples[0]!;
  return [...groups.values()].sort((a, b) => b.count - a.count || (a.lines[0] ?? 0) - (b.lines[0] ?? 0));
}
