import { visuallyHidden } from '@src/ui/a11y.css';
import * as styles from './previewText.css';
import { initialOf, type PreviewText } from './previewTexts';

/**
 * A text of the mock as the platform shows it: cut with "…" (a headline) or "… See more" (a post's text)
 * where the platform cuts it, a grey bar while it is unwritten, nothing when the format has no such field.
 */
export function PreviewLine(props: {
  value: PreviewText;
  cut: 'ellipsis' | 'seeMore';
  /** Read out for an unwritten text ("Headline"). */
  name: string;
  size?: keyof typeof styles.placeholder;
  className?: string;
  as?: 'p' | 'span' | 'strong' | 'h3';
}) {
  const { value } = props;
  const Tag = props.as ?? 'p';
  if (value.kind === 'absent') return null;
  if (value.kind === 'empty') {
    return (
      <Tag className={props.className} data-placeholder="">
        <span className={styles.placeholder[props.size ?? 'medium']} aria-hidden="true" />
        <span className={visuallyHidden}>{`${props.name} not written yet`}</span>
      </Tag>
    );
  }
  return (
    <Tag className={props.className}>
      {value.text}
      {value.truncated && (props.cut === 'seeMore' ? <span className={styles.more}>… See more</span> : '…')}
    </Tag>
  );
}

export function Avatar(props: { name: string; className?: string }) {
  return (
    <span className={[styles.avatar, props.className].filter(Boolean).join(' ')} aria-hidden="true">
      {initialOf(props.name)}
    </span>
  );
}
