import { Menu } from '@ark-ui/react/menu';
import { accountSwitchUrl, organizationSwitchUrl } from '@machines/session';
import { authApi } from '@src/api/auth';
import { dataProvider } from '@src/api/dataProvider';
import { browser } from '@src/lib/browser';
import { visuallyHidden } from '@src/ui/a11y.css';
import { CheckIcon, ChevronDownIcon } from '@src/ui/icons';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import * as styles from './shell.css';

interface Option {
  id: string;
  name: string;
}

type Options = { status: 'idle' | 'loading' } | { status: 'ready'; items: Option[] } | { status: 'failed' };

/** Sections whose pages belong to one account: switching account goes back to the section's list. */
const ACCOUNT_SECTIONS = ['campaigns', 'bookings', 'budgets', 'customers', 'planning'];

/** Where to come back to after a switch: the same page, or its section's list for a record of the old account. */
export function switchReturnUrl(pathname: string, search: string): string {
  const [section, ...rest] = pathname.split('/').filter(Boolean);
  if (!section) return '/';
  if (ACCOUNT_SECTIONS.includes(section) && rest.length > 0)
    return section === 'planning' ? '/campaigns' : `/${section}`;
  return `${pathname}${search}`;
}

/** The list behind a switcher, loaded when its menu opens (and again on each opening, it may have changed). */
function useOptions(load: () => Promise<Option[]>) {
  const [options, setOptions] = useState<Options>({ status: 'idle' });
  const reload = useCallback(() => {
    setOptions({ status: 'loading' });
    load().then(
      (items) => setOptions({ status: 'ready', items }),
      () => setOptions({ status: 'failed' }),
    );
  }, [load]);
  return { options, reload };
}

const loadOrganizations = async () =>
  (await authApi.organizations()).map((o) => ({ id: o.id, name: o.name }));
const loadAccounts = async () =>
  (
    await dataProvider.getList({
      resource: 'accounts',
      pagination: { pageSize: 100 },
      sorters: [{ field: 'name', order: 'asc' }],
    })
  ).data.map((a) => ({ id: a.id, name: a.name }));

const ALL = '__all__';

function SwitcherMenu({
  label,
  current,
  placeholder,
  allLabel,
  allPath,
  load,
  switchUrl,
}: {
  /** "Organization" or "Account": the trigger's caption and the menu's name. */
  label: string;
  current: Option | null;
  placeholder: string;
  allLabel: string;
  allPath: string;
  load: () => Promise<Option[]>;
  switchUrl: (id: string, returnUrl: string) => string;
}) {
  const { options, reload } = useOptions(load);
  const location = useLocation();
  const navigate = useNavigate();

  const select = (value: string) => {
    if (value === ALL) {
      void navigate(allPath);
      return;
    }
    if (value === current?.id) return;
    // A server route: it changes the session, then redirects back (a full page load).
    browser.assign(switchUrl(value, switchReturnUrl(location.pathname, location.search)));
  };

  return (
    <Menu.Root
      onOpenChange={({ open }) => {
        if (open) reload();
      }}
      onSelect={({ value }) => select(value)}
      positioning={{ placement: 'bottom-start', gutter: 6 }}
      lazyMount
      unmountOnExit
    >
      <Menu.Trigger
        className={`${styles.menuTrigger} ${styles.switcherTrigger}`}
        aria-label={`${label}: ${current?.name ?? placeholder}`}
        // A truncated name is still there in full for the mouse (the accessible name has it too).
        title={current?.name ?? placeholder}
      >
        <span className={styles.triggerText}>
          {/* The space keeps the caption and the name two words in the visible text, as in the accessible
              name (WCAG 2.5.3 label in name): without it they run together ("OrganizationDemo Agency"). */}
          <span className={styles.triggerLabel}>{label}</span>{' '}
          <span className={current ? styles.triggerValue : styles.triggerPlaceholder}>
            {current?.name ?? placeholder}
          </span>
        </span>
        <ChevronDownIcon className={styles.chevron} />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content className={styles.menuContent}>
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel className={styles.menuGroupLabel}>
              Switch {label.toLowerCase()}
            </Menu.ItemGroupLabel>
            {options.status === 'ready' ? (
              options.items.length > 0 ? (
                options.items.map((item) => (
                  <Menu.Item key={item.id} value={item.id} className={styles.menuItem}>
                    <span className={styles.menuItemText}>{item.name}</span>
                    {item.id === current?.id ? (
                      <>
                        <CheckIcon className={styles.menuCheck} />
                        <span className={visuallyHidden}> (current)</span>
                      </>
                    ) : null}
                  </Menu.Item>
                ))
              ) : (
                <p className={styles.menuNote}>None yet.</p>
              )
            ) : options.status === 'failed' ? (
              <p className={styles.menuNote} role="alert">
                The list could not be loaded.
              </p>
            ) : (
              <p className={styles.menuNote} role="status">
                Loading…
              </p>
            )}
          </Menu.ItemGroup>
          <Menu.Separator className={styles.menuSeparator} />
          <Menu.Item value={ALL} className={styles.menuItem}>
            {allLabel}
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}

/** The current organization, and a menu to switch (GET /api/organization → /organization/switch). */
export function OrganizationSwitcher({ current }: { current: Option | null }) {
  const [host] = useState(() => window.location.host);
  const switchUrl = useCallback(
    (id: string, returnUrl: string) => organizationSwitchUrl({ id, returnUrl, host }),
    [host],
  );
  return (
    <SwitcherMenu
      label="Organization"
      current={current}
      placeholder="Choose an organization"
      allLabel="All organizations"
      allPath="/organizations"
      load={loadOrganizations}
      switchUrl={switchUrl}
    />
  );
}

/** The current account, and a menu to switch (GET /api/accounts → /account/switch). */
export function AccountSwitcher({ current }: { current: Option | null }) {
  return (
    <SwitcherMenu
      label="Account"
      current={current}
      placeholder="Choose an account"
      allLabel="All accounts"
      allPath="/accounts"
      load={loadAccounts}
      switchUrl={(id, returnUrl) => accountSwitchUrl({ id, returnUrl })}
    />
  );
}
