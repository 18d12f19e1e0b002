import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * The dark modules of a QR code as one SVG path: a 1×1 square per module, in module units. Built from uqr's
 * `encode()` matrix, so nothing but React elements reaches the page (no innerHTML, no inline styles: the
 * strict Content-Security-Policy holds).
 */
export function qrPath(data: boolean[][]): string {
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return path;
}

export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    return { size: qr.size, path: qrPath(qr.data) };
  }, [value]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="qr-code"
    >
      <title>{label}</title>
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
