import * as styles from './storyPreview.css';

/** The white button of a full-screen placement; a faint one while no call to action is chosen. */
export function CallToActionPill({ label }: { label: string | null }) {
  if (label === null) return <span className={styles.pillMissing} aria-hidden="true" />;
  return <span className={styles.pill}>{label}</span>;
}
