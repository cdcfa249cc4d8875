import type { ReactNode } from 'react';

/** Line icons of the owner pages, contact and sharing (drawn inline like layout/icons.tsx; decorative). */
function Icon({ children, size = 16 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const EditIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M4 20h4L19 9l-4-4L4 16v4Z" /><path d="m13.5 6.5 4 4" /></Icon>
);
export const InfoIcon = (p: { size?: number }) => (
  <Icon {...p}><circle cx="12" cy="12" r="9" /><path d="M12 11v5" /><path d="M12 7.5v.5" /></Icon>
);
export const ChartIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M4 20V4" /><path d="M4 20h16" /><path d="m7 15 4-4 3 3 5-6" /></Icon>
);
export const ShareIcon = (p: { size?: number }) => (
  <Icon {...p}><circle cx="6" cy="12" r="2.5" /><circle cx="18" cy="6" r="2.5" /><circle cx="18" cy="18" r="2.5" />
    <path d="m8.3 10.8 7.4-3.6" /><path d="m8.3 13.2 7.4 3.6" /></Icon>
);
export const LinkIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" /><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" /></Icon>
);
export const ChatIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M4 20l1.4-4A8 8 0 1 1 8 18.6L4 20Z" /></Icon>
);
