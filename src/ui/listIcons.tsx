/** Small inline icons (SVG, no styles needed). */

export function SearchIcon({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="7" cy="7" r="4.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="m10.5 10.5 3 3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/** ↑ for ascending, ↓ for descending, ⇅ when the column is not sorted. */
export function SortIcon({ order, className }: { order: 'asc' | 'desc' | null; className?: string }) {
  return (
    <svg
      className={className}
      width="12"
      height="12"
      viewBox="0 0 12 12"
      aria-hidden="true"
      focusable="false"
    >
      {order !== 'desc' ? (
        <path d="M6 2.5 3.5 5h5L6 2.5Z" fill="currentColor" opacity={order === 'asc' ? 1 : 0.9} />
      ) : null}
      {order !== 'asc' ? (
        <path d="M6 9.5 8.5 7h-5L6 9.5Z" fill="currentColor" opacity={order === 'desc' ? 1 : 0.9} />
      ) : null}
    </svg>
  );
}

export function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M10 3.5 5.5 8l4.5 4.5' : 'M6 3.5 10.5 8 6 12.5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
