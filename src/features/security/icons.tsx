import type { VerificationMethod } from '@machines/enrolAuthenticator';
import type { ReactNode } from 'react';

/** Small icons of the security page (SVG strokes in currentColor). */

function Icon({
  children,
  size = 20,
  className,
}: {
  children: ReactNode;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const PATHS: Record<VerificationMethod, ReactNode> = {
  // a fingerprint
  PASSKEY: (
    <>
      <path d="M12 11v3a8 8 0 0 1-1.5 4.5" />
      <path d="M8.5 8.8A4 4 0 0 1 16 11v2.5" />
      <path d="M6 10.5a6 6 0 0 1 11.6-2.2" />
      <path d="M15.8 17.5a12 12 0 0 0 .2-2" />
      <path d="M8 12v1.5a6 6 0 0 1-1.2 3.6" />
      <path d="M4.5 7.5A8 8 0 0 1 19 6.4" />
    </>
  ),
  // a key fob
  SECURITY_KEY: (
    <>
      <rect x="7" y="3" width="10" height="13" rx="2" />
      <path d="M10 16v3a2 2 0 0 0 4 0v-3" />
      <circle cx="12" cy="9" r="2" />
    </>
  ),
  // a phone with a clock
  AUTHENTICATOR_APP: (
    <>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <circle cx="12" cy="11" r="3.2" />
      <path d="M12 9.6V11l1 .8" />
      <path d="M10.5 18.5h3" />
    </>
  ),
  // an envelope
  EMAIL_OTP: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </>
  ),
  // an envelope with a link
  EMAIL_MAGIC_LINK: (
    <>
      <path d="M21 12V7a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h7" />
      <path d="m4 7 8 6 8-6" />
      <path d="M16.5 17.5h4M18.5 15.5l2 2-2 2" />
    </>
  ),
  // a speech bubble
  SMS: (
    <>
      <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-4 3.5V17H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z" />
      <path d="M8 11h.01M12 11h.01M16 11h.01" />
    </>
  ),
  // a sheet of paper with lines of codes
  RECOVERY_CODE: (
    <>
      <path d="M7 3h7l4 4v13a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Z" />
      <path d="M9 10h6M9 13.5h6M9 17h4" />
    </>
  ),
};

export function MethodIcon({ method, size }: { method: VerificationMethod; size?: number }) {
  return <Icon size={size}>{PATHS[method]}</Icon>;
}

export function ShieldIcon() {
  return (
    <Icon size={24}>
      <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  );
}

export function PlusIcon() {
  return (
    <Icon size={16}>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  );
}

export function CloseIcon() {
  return (
    <Icon size={16}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

export function ChevronRightIcon({ className }: { className?: string }) {
  return (
    <Icon size={16} className={className}>
      <path d="m9 6 6 6-6 6" />
    </Icon>
  );
}
