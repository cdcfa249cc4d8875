import type { SVGProps } from 'react';

/** Small line icons drawn inline (no icon font or extra request). Decorative: aria-hidden. */
function Icon({ children, size = 16, ...rest }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

export const BedIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M3 18V7M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-7v5" /><circle cx="7" cy="11" r="2" /></Icon>
);
export const BathIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M4 12h16v3a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4zM6 12V6a2 2 0 0 1 4 0M7 19l-1 2M17 19l1 2" /></Icon>
);
export const CarIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M5 16h14M6 16v2M18 16v2M4 16v-3l2-5h12l2 5v3" /><circle cx="8" cy="13" r="1" /><circle cx="16" cy="13" r="1" /></Icon>
);
export const AreaIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" /></Icon>
);
export const PinIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z" /><circle cx="12" cy="9" r="2.5" /></Icon>
);
export const SearchIcon = (p: { size?: number }) => (
  <Icon {...p}><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></Icon>
);
export const HeartIcon = ({ filled, size = 20 }: { filled?: boolean; size?: number }) => (
  <Icon size={size} fill={filled ? 'currentColor' : 'rgba(0,0,0,0.25)'} stroke="#fff" strokeWidth={2}>
    <path d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 6a5 5 0 0 1 9.2 5C19 15.6 12 20 12 20z" />
  </Icon>
);
export const CheckIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="m5 12 5 5 9-10" /></Icon>
);
export const FilterIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M4 6h16M7 12h10M10 18h4" /></Icon>
);
export const ChevronDownIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="m6 9 6 6 6-6" /></Icon>
);
export const GiftIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3.5-5-1.2C7 7 9.5 7 12 7zM12 7c1.5-3 5-3.5 5-1.2C17 7 14.5 7 12 7z" /></Icon>
);
export const PaperclipIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" /></Icon>
);
export const FileIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" /><path d="M14 3v5h5" /></Icon>
);
export const ArrowLeftIcon = (p: { size?: number }) => (
  <Icon {...p}><path d="M19 12H5M11 6l-6 6 6 6" /></Icon>
);
export const DotsIcon = (p: { size?: number }) => (
  <Icon {...p}><circle cx="12" cy="5" r="1" /><circle cx="12" cy="12" r="1" /><circle cx="12" cy="19" r="1" /></Icon>
);
