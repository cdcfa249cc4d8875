import { useId } from 'react';
import { starFills } from './format.ts';

/**
 * Five stars filled to `value` (0–5, fractions drawn as a partial fill), read by screen readers as `label` (the
 * stars themselves are decoration). Colour: the theme's yellow with a dark outline, visible on white.
 */
export function Stars({ value, label, size = 20 }: { value: number | null; label: string; size?: number }) {
  const id = useId().replace(/:/g, '');
  return (
    <span role="img" aria-label={label} style={{ display: 'inline-flex', gap: 2, verticalAlign: 'middle' }} data-testid="stars">
      {starFills(value).map((fill, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <defs>
            <linearGradient id={`${id}-s${i}`}>
              <stop offset={`${fill * 100}%`} stopColor="var(--mantine-color-yellow-5)" />
              <stop offset={`${fill * 100}%`} stopColor="var(--mantine-color-gray-2)" />
            </linearGradient>
          </defs>
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
            fill={`url(#${id}-s${i})`} stroke="var(--mantine-color-yellow-8)" strokeWidth="1.2" strokeLinejoin="round"
          />
        </svg>
      ))}
    </span>
  );
}
