import { Icon } from './icons';

/** The Flightplan mark: a paper plane in the brand colour (currentColor). */
export function BrandMark({ className, size = 24 }: { className?: string; size?: number }) {
  return (
    <Icon className={className} size={size} viewBox="0 0 24 24">
      <rect width="24" height="24" rx="6" fill="currentColor" />
      <path d="M5.5 11.6 18 6l-3.6 12.4-3.3-4.3-4.1-.9Z" fill="#fff" />
      <path d="m11.1 14.1 6.9-8.1" stroke="currentColor" strokeOpacity=".55" strokeWidth="1.2" fill="none" />
    </Icon>
  );
}
