import type { ReactNode } from 'react';
import * as noticeCss from '../../ui/notice.css';

type Tone = keyof typeof noticeCss.notice;

function NoticeIcon({ tone }: { tone: Tone }) {
  if (tone === 'success') {
    return (
      <svg className={noticeCss.noticeIcon} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path
          d="m5 8.2 2 2 4-4.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
    );
  }
  return (
    <svg className={noticeCss.noticeIcon} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      {tone === 'info' ? (
        <path d="M8 7.2v4M8 4.8v.3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      ) : (
        <path d="M8 4.5v4.2M8 11.2v.3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      )}
    </svg>
  );
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
}: {
  tone: Tone;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  onDismiss?: () => void;
  className?: string;
}) {
  return (
    <div
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
