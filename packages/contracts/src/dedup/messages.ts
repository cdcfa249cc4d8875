/** Spanish texts of the duplicate groups (issue 16 'Cross-source de-duplication'; decision 034). */
export const DEDUP_MESSAGES = {
  alsoOn: 'También en',
  alsoOnLabel: 'Este inmueble también está publicado en',
} as const;
