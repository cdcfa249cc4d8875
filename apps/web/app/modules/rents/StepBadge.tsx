import { Badge } from '@mantine/core';

/**
 * A rent's step as a badge in the step's colour (spec 03 §4: each status has a colour; an unknown one shows an empty
 * label, so nothing is drawn). `label`/`color` come from the server (RENT_STEP_LABELS).
 */
export function StepBadge({ label, color, size = 'md' }: { label: string; color: string; size?: 'sm' | 'md' | 'lg' }) {
  if (!label) return null;
  return <Badge color={color} variant="light" size={size} radius="sm" data-testid="step-badge">{label}</Badge>;
}
