import { type ReactNode, useEffect, useRef } from 'react';
import { InfoIcon, SuccessIcon, WarningIcon } from '../icons';
import * as noticeCss from '../notice.css';

type Tone = keyof typeof noticeCss.notice;

function NoticeIcon({ tone }: { tone: Tone }) {
  const Glyph = tone === 'success' ? SuccessIcon : tone === 'info' ? InfoIcon : WarningIcon;
  return <Glyph className={noticeCss.noticeIcon} />;
}

/**
 * A message block: info, success, warning or error, with an optional title, actions and a dismiss button.
 * `role` is `status` for good news and information, `alert` for problems.
 */
export function Notice({
  tone,
  title,
  children,
  actions,
  onDismiss,
  className,
  reveal = false,
}: {
  tone: Tone;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  onDismiss?: () => void;
  className?: string;
  /**
   * Brought into view when it appears or its text changes: a notice that answers a button (a refusal, a
   * success) is never said off-screen, away from where the person is looking.
   */
  reveal?: boolean;
}) {
  const element = useRef<HTMLDivElement>(null);
  const said = typeof children === 'string' ? children : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: again when what it says changes (a new refusal)
  useEffect(() => {
    if (reveal) element.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [reveal, said]);
  return (
    <div
      ref={element}
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={[noticeCss.notice[tone], className].filter(Boolean).join(' ')}
    >
      <NoticeIcon tone={tone} />
      <div className={noticeCss.noticeBody}>
        {title ? <p className={noticeCss.noticeTitle}>{title}</p> : null}
        {children ? <div className={title ? noticeCss.noticeText : undefined}>{children}</div> : null}
      </div>
      {actions ? <div className={noticeCss.noticeActions}>{actions}</div> : null}
      {onDismiss ? (
        <button type="button" className={noticeCss.noticeDismiss} onClick={onDismiss} aria-label="Dismiss">
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <path d="m3 3 8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
