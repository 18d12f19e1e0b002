import type { ReactNode } from 'react';

/** Small inline icons (SVG, drawn in currentColor, hidden from assistive technology). */

/** The one frame every icon is drawn in: a square of `size` pixels over its `viewBox`. */
export function Icon({
  className,
  size = 16,
  viewBox = '0 0 16 16',
  children,
}: {
  className?: string;
  size?: number;
  viewBox?: string;
  children: ReactNode;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox={viewBox}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

interface IconProps {
  className?: string;
}

/** A stroked line, as the chevrons and the check are drawn. */
function Stroke({ d, width = '1.6' }: { d: string; width?: string }) {
  return (
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth={width}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  );
}

/** A circle with a mark in it, as the info, warning and success icons are drawn. */
function CircleMark({ d, open = false }: { d: string; open?: boolean }) {
  return (
    <>
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d={d}
        fill={open ? 'none' : undefined}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </>
  );
}

export function ChevronDownIcon({ className }: IconProps) {
  return (
    <Icon className={className} size={14}>
      <Stroke d="m4 6 4 4 4-4" />
    </Icon>
  );
}

/** Three lines: a menu that opens (the phone's navigation). */
export function MenuIcon({ className }: IconProps) {
  return (
    <Icon className={className} size={18}>
      <Stroke d="M2.5 4h11M2.5 8h11M2.5 12h11" />
    </Icon>
  );
}

export function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <Icon size={14}>
      <Stroke d={direction === 'left' ? 'M10 3.5 5.5 8l4.5 4.5' : 'M6 3.5 10.5 8 6 12.5'} />
    </Icon>
  );
}

export function CheckIcon({ className }: IconProps) {
  return (
    <Icon className={className} size={14}>
      <Stroke d="m3.5 8.5 3 3 6-7" width="1.7" />
    </Icon>
  );
}

export function InfoIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <CircleMark d="M8 7.2v4M8 4.8v.3" />
    </Icon>
  );
}

export function WarningIcon({ className, size = 16 }: IconProps & { size?: number }) {
  return (
    <Icon className={className} size={size}>
      <CircleMark d="M8 4.5v4.2M8 11.2v.3" />
    </Icon>
  );
}

export function SuccessIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <CircleMark d="m5 8.2 2 2 4-4.2" open />
    </Icon>
  );
}

export function SearchIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="7" cy="7" r="4.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="m10.5 10.5 3 3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </Icon>
  );
}

/** ↑ for ascending, ↓ for descending, ⇅ when the column is not sorted. */
export function SortIcon({ order, className }: IconProps & { order: 'asc' | 'desc' | null }) {
  return (
    <Icon className={className} size={12} viewBox="0 0 12 12">
      {order !== 'desc' ? (
        <path d="M6 2.5 3.5 5h5L6 2.5Z" fill="currentColor" opacity={order === 'asc' ? 1 : 0.9} />
      ) : null}
      {order !== 'asc' ? (
        <path d="M6 9.5 8.5 7h-5L6 9.5Z" fill="currentColor" opacity={order === 'desc' ? 1 : 0.9} />
      ) : null}
    </Icon>
  );
}
