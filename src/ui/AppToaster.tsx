import { Toast, Toaster } from '@ark-ui/react/toast';
import * as styles from './toast.css';
import { toaster } from './toaster';

/** Where the toasts appear (bottom right): a region labelled “Notifications”, each toast a status. */
export function AppToaster() {
  return (
    <Toaster toaster={toaster} className={styles.group}>
      {(toast) => (
        <Toast.Root className={styles.root} key={toast.id}>
          <CheckIcon />
          <div className={styles.text}>
            <Toast.Title className={styles.title}>{toast.title}</Toast.Title>
            {toast.description ? (
              <Toast.Description className={styles.description}>{toast.description}</Toast.Description>
            ) : null}
          </div>
          {toast.action ? (
            <Toast.ActionTrigger className={styles.action}>{toast.action.label}</Toast.ActionTrigger>
          ) : null}
          <Toast.CloseTrigger className={styles.close}>
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  );
}

function CheckIcon() {
  return (
    <svg className={styles.icon} width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <circle cx="9" cy="9" r="8" fill="currentColor" />
      <path
        d="M5.5 9.2l2.2 2.2 4.8-4.8"
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
