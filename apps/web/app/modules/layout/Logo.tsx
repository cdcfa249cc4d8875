import { NAVIGATION_MESSAGES as N } from '@nj/contracts/navigation/messages';

/** Brand mark: a house outline with a map pin, drawn inline so it needs no request. */
export function Logo() {
  return (
    <span className="nj-logo">
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-7)" />
        <path d="M7 16 16 8l9 8v8a1 1 0 0 1-1 1h-5v-6h-6v6H8a1 1 0 0 1-1-1z" fill="#fff" />
      </svg>
      <span className="nj-logo-text">{N.brand}</span>
    </span>
  );
}
