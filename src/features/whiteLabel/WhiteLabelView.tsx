import { Field } from '@ark-ui/react/field';
import { Switch } from '@ark-ui/react/switch';
import type { CustomDomainsInput } from '@machines/customDomains';
import { ICON_TYPES } from '@machines/iconUpload';
import type { WhiteLabelPreview, WhiteLabelSettingsView } from '@machines/whiteLabelSettings';
import { useCurrentUser, usePermission } from '@src/api/session';
import { AlertRegion } from '@src/ui/Alert';
import { BrandMark } from '@src/ui/BrandMark';
import { Button } from '@src/ui/Button';
import { button as buttonStyles } from '@src/ui/button.css';
import * as cardCss from '@src/ui/card.css';
import { PRODUCT_NAME } from '@src/ui/constants';
import * as fieldStyles from '@src/ui/field.css';
import * as listCss from '@src/ui/list.css';
import * as pageCss from '@src/ui/page.css';
import { PageHeader } from '@src/ui/settings/PageHeader';
import * as stateCss from '@src/ui/state.css';
import { TextField } from '@src/ui/TextField';
import { UpgradeNotice } from '@src/ui/UpgradeNotice';
import { type ChangeEvent, type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { CustomDomainsCard } from './CustomDomainsCard';
import { useCustomDomains } from './useCustomDomains';
import { useIconUpload, useWhiteLabelSettings, type WhiteLabelSettingsRef } from './useWhiteLabel';
import * as styles from './whiteLabel.css';

/** `var(--x)` → `--x`, for CSSOM's setProperty. */
const propertyName = (cssVar: string) => cssVar.replace(/^var\((--[^,)]+).*$/, '$1');

/**
 * The navbar as it will look. Its colours are CSS custom properties set through CSSOM (`style.setProperty`),
 * which a strict Content-Security-Policy allows (an inline `style` attribute would not be).
 */
function Preview({ preview, iconUrl }: { preview: WhiteLabelPreview; iconUrl: string | null }) {
  const ref = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.setProperty(propertyName(styles.previewNavbarVar), preview.navbar);
    element.style.setProperty(propertyName(styles.previewOnNavbarVar), preview.onNavbar);
    element.style.setProperty(propertyName(styles.previewPrimaryVar), preview.primary);
    element.style.setProperty(propertyName(styles.previewOnPrimaryVar), preview.onPrimary);
  }, [preview.navbar, preview.onNavbar, preview.primary, preview.onPrimary]);
  return (
    <aside className={`${cardCss.card} ${styles.previewCard}`} aria-label="Preview">
      <div className={cardCss.cardHeader}>
        <h2 className={cardCss.cardTitle}>Preview</h2>
      </div>
      <div className={styles.previewStage}>
        <div className={styles.previewWindow} ref={ref} data-testid="white-label-preview">
          <div className={styles.previewNavbar}>
            {iconUrl ? (
              <img className={styles.previewIcon} src={iconUrl} alt="" />
            ) : (
              <BrandMark className={styles.previewMark} size={20} />
            )}
            <span className={styles.previewBrand}>{preview.brandName || PRODUCT_NAME}</span>
            <span className={styles.previewNavItem}>Campaigns</span>
          </div>
          <div className={styles.previewBody} aria-hidden="true">
            <span className={styles.previewLine} />
            <span className={styles.previewLineShort} />
            <span className={styles.previewButton}>Create campaign</span>
          </div>
        </div>
      </div>
      <p className={styles.previewCaption}>
        The page title shows the brand name; the icon is also the browser tab’s icon.
      </p>
    </aside>
  );
}

function ColourField({
  label,
  value,
  error,
  disabled,
  fallback,
  onChange,
  inputRef,
}: {
  label: string;
  value: string;
  error: string | null;
  disabled: boolean;
  /** What the picker shows while the typed value is not a colour yet. */
  fallback: string;
  onChange: (value: string) => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const pickerValue = /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim().toLowerCase() : fallback;
  const errorId = `${useId()}-error`;
  return (
    <Field.Root
      className={fieldStyles.root}
      invalid={Boolean(error)}
      disabled={disabled}
      ids={{ errorText: errorId }}
    >
      <Field.Label className={fieldStyles.label}>{label}</Field.Label>
      <div className={styles.colourRow}>
        <input
          type="color"
          className={styles.colourSwatch}
          value={pickerValue}
          disabled={disabled}
          aria-label={`${label} picker`}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        <Field.Input
          ref={inputRef}
          className={`${fieldStyles.input} ${styles.hexInput}`}
          value={value}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          placeholder="#rrggbb"
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </div>
      <Field.ErrorText className={fieldStyles.error}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

function IconField({
  iconUrl: initialIconUrl,
  settingsRef,
  canUpload,
  onIconShown,
}: {
  iconUrl: string | null;
  settingsRef: WhiteLabelSettingsRef;
  canUpload: boolean;
  onIconShown: (url: string | null) => void;
}) {
  const { view, selectFile, remove } = useIconUpload(initialIconUrl, settingsRef);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const shown = view.isUploading && localUrl ? localUrl : view.iconUrl;

  useEffect(() => onIconShown(shown), [shown, onIconShown]);
  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL?.(localUrl);
    },
    [localUrl],
  );

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setLocalUrl(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
    selectFile(file);
  };
  const disabled = !canUpload || view.isBusy;
  const errorId = 'brand-icon-error';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group inside the form's own sections, not a fieldset
    <div className={styles.fieldGroup} role="group" aria-labelledby="brand-icon-label">
      <span className={styles.fieldLabel} id="brand-icon-label">
        Icon
      </span>
      <div className={styles.iconRow}>
        <span className={shown ? `${styles.iconFrame} ${styles.iconFrameFilled}` : styles.iconFrame}>
          {shown ? (
            <img
              src={shown}
              alt="Brand icon"
              className={view.isUploading ? `${styles.iconImage} ${styles.iconImageBusy}` : styles.iconImage}
            />
          ) : (
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <rect
                x="3"
                y="3"
                width="18"
                height="18"
                rx="4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
              />
              <path d="m6 17 4-5 3 3.5 2-2.5 3 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          )}
        </span>
        <div className={styles.iconControls}>
          <div className={styles.iconButtons}>
            <label
              className={`${buttonStyles.secondary} ${styles.fileLabel}${disabled ? ` ${styles.fileLabelDisabled}` : ''}`}
              aria-disabled={disabled}
            >
              {view.uploadLabel}
              <input
                type="file"
                className={styles.fileInput}
                accept={ICON_TYPES.join(',')}
                disabled={disabled}
                aria-describedby={view.error ? errorId : 'brand-icon-hint'}
                onChange={onFile}
              />
            </label>
            {view.iconUrl ? (
              <Button variant="ghost" onClick={remove} disabled={!view.canRemove}>
                {view.isRemoving ? 'Removing…' : 'Remove'}
              </Button>
            ) : null}
          </div>
          <span className={styles.hint} id="brand-icon-hint">
            PNG, JPEG, WebP or SVG, up to 2 MB. Shown at 128 × 128 px.
          </span>
        </div>
      </div>
      {view.error ? (
        <p className={styles.fieldError} id={errorId} role="alert">
          {view.error}
        </p>
      ) : null}
    </div>
  );
}

function WhiteLabelForm({
  view,
  actorRef,
  fieldRef,
  changeField,
  setEnabled,
  save,
  discard,
}: Omit<ReturnType<typeof useWhiteLabelSettings>, 'retry' | 'view'> & { view: WhiteLabelSettingsView }) {
  const [shownIcon, setShownIcon] = useState<string | null>(view.iconUrl);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save();
  };
  const disabled = view.isDisabled;
  return (
    <div className={styles.layout}>
      <form
        className={`${cardCss.card} ${styles.form}`}
        onSubmit={onSubmit}
        noValidate
        aria-busy={view.isSaving}
      >
        {view.formError ? (
          <div className={styles.formError}>
            <AlertRegion message={view.formError} />
          </div>
        ) : null}
        <div className={styles.section}>
          <div>
            <h2 className={styles.sectionTitle}>White-labelling</h2>
            <p className={styles.sectionText}>
              Show your brand instead of Flightplan’s, to everyone in this organization.
            </p>
          </div>
          <div className={styles.fields}>
            <Switch.Root
              className={styles.switchRoot}
              checked={view.values.isEnabled}
              onCheckedChange={(details) => setEnabled(details.checked)}
              disabled={disabled}
            >
              <Switch.Control className={styles.switchControl}>
                <Switch.Thumb className={styles.switchThumb} />
              </Switch.Control>
              <span className={styles.switchText}>
                <Switch.Label className={styles.switchLabel}>Use white-label branding</Switch.Label>
                <span className={styles.hint}>
                  The page title, navbar colour, icon and buttons use the settings below.
                </span>
              </span>
              <Switch.HiddenInput />
            </Switch.Root>
          </div>
        </div>
        <div className={styles.section}>
          <div>
            <h2 className={styles.sectionTitle}>Brand</h2>
            <p className={styles.sectionText}>
              The name in the page title and the navbar, and the icon beside it.
            </p>
          </div>
          <div className={styles.fields}>
            <TextField
              label="Brand name"
              name="brandName"
              autoComplete="organization"
              placeholder={PRODUCT_NAME}
              value={view.values.brandName}
              onValueChange={(value) => changeField('brandName', value)}
              error={view.fieldErrors.brandName}
              disabled={disabled}
              inputRef={fieldRef('brandName')}
            />
            <IconField
              iconUrl={view.iconUrl}
              settingsRef={actorRef}
              canUpload={!view.needsUpgrade}
              onIconShown={setShownIcon}
            />
          </div>
        </div>
        <div className={styles.section}>
          <div>
            <h2 className={styles.sectionTitle}>Colours</h2>
            <p className={styles.sectionText}>
              Buttons and highlights use the primary colour. Navbar text turns light or dark to stay readable.
            </p>
          </div>
          <div className={styles.colours}>
            <ColourField
              label="Primary colour"
              value={view.values.primaryHex}
              error={view.fieldErrors.primaryHex}
              disabled={disabled}
              fallback={view.preview.primary}
              onChange={(value) => changeField('primaryHex', value)}
              inputRef={fieldRef('primaryHex')}
            />
            <ColourField
              label="Navbar colour"
              value={view.values.navbarHex}
              error={view.fieldErrors.navbarHex}
              disabled={disabled}
              fallback={view.preview.navbar}
              onChange={(value) => changeField('navbarHex', value)}
              inputRef={fieldRef('navbarHex')}
            />
          </div>
        </div>
        <div className={cardCss.cardFooter}>
          <span className={cardCss.footerNote} role="status">
            {view.isSaved ? (
              <span className={styles.savedNote}>
                <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                  <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
                  <path
                    d="m5 8.2 2 2 4-4.2"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinecap="round"
                  />
                </svg>
                White-label settings saved.
              </span>
            ) : view.isDirty && !view.isSaving ? (
              'You have unsaved changes.'
            ) : null}
          </span>
          <Button variant="secondary" onClick={discard} disabled={!view.canDiscard}>
            Discard changes
          </Button>
          <Button type="submit" variant="primary" disabled={!view.canSave}>
            {view.submitLabel}
          </Button>
        </div>
      </form>
      <Preview preview={view.preview} iconUrl={shownIcon} />
    </div>
  );
}

/**
 * The “Custom domains” card: the current organization's domains. A new plan (the upgrade notice appearing)
 * or another organization is a new card: its own chart.
 */
function CustomDomains({ hasFeature }: { hasFeature: boolean }) {
  const organizationId = useCurrentUser()?.currentOrganization?.id ?? '';
  const permission = usePermission('whiteLabel.manage');
  return (
    <CustomDomainsOf
      key={organizationId}
      input={{ organizationId, canManage: permission.allowed, manageRefusal: permission.reason, hasFeature }}
    />
  );
}

function CustomDomainsOf({ input }: { input: CustomDomainsInput }) {
  return <CustomDomainsCard view={useCustomDomains(input)} />;
}

/** /settings/white-label: Organization settings → White-label. */
export function WhiteLabelView() {
  const { view, retry, ...form } = useWhiteLabelSettings();
  return (
    <>
      <PageHeader
        parent={{ label: 'Organization settings' }}
        title="White-label"
        subtitle="Make Flightplan look like your agency: your brand name, icon and colours."
      />
      <div className={pageCss.stack}>
        {view.needsUpgrade ? (
          <UpgradeNotice
            title="White-labelling is not in your plan"
            message="Upgrade to the Agency plan to show your own brand name, icon and colours."
          />
        ) : null}
        {view.loadError ? (
          <section className={cardCss.card}>
            <div className={listCss.listState}>
              <div role="alert">
                <p className={stateCss.errorTitle}>The white-label settings could not be loaded.</p>
                <p className={stateCss.stateText}>{view.loadError}</p>
              </div>
              <div className={stateCss.stateAction}>
                <Button variant="secondary" onClick={retry}>
                  Try again
                </Button>
              </div>
            </div>
          </section>
        ) : view.isLoading ? (
          <section className={cardCss.card} aria-busy="true">
            <div className={cardCss.cardBody}>
              <p className={stateCss.stateText}>Loading…</p>
            </div>
          </section>
        ) : (
          <>
            <WhiteLabelForm view={view} {...form} />
            <CustomDomains key={view.needsUpgrade ? 'locked' : 'ready'} hasFeature={!view.needsUpgrade} />
          </>
        )}
      </div>
    </>
  );
}

export default WhiteLabelView;
