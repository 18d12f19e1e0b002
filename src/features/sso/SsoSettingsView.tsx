import { Field } from '@ark-ui/react/field';
import type { Role } from '@contract/policy';
import type { SsoSettingsInput, SsoSettingsView as SsoView } from '@machines/ssoSettings';
import { useCurrentUser, usePermission } from '@src/api/session';
import { AlertRegion } from '@src/ui/Alert';
import { Button } from '@src/ui/Button';
import { Choices } from '@src/ui/Choices';
import * as cardCss from '@src/ui/card.css';
import * as fieldCss from '@src/ui/field.css';
import * as formCss from '@src/ui/form.css';
import * as listCss from '@src/ui/list.css';
import * as pageCss from '@src/ui/page.css';
import { Notice } from '@src/ui/settings/Notice';
import { PageHeader } from '@src/ui/settings/PageHeader';
import * as stateCss from '@src/ui/state.css';
import { TextField } from '@src/ui/TextField';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import * as css from './sso.css';
import { useSsoSettings } from './useSsoSettings';

const TITLE = 'Single sign-on';
const SUBTITLE =
  'Let your people sign in with your own identity provider (Okta, Entra ID, Google Workspace, Keycloak…).';

/** /settings/sso: Organization settings → Single sign-on, for owners and admins (`sso.manage`). */
export function SsoSettingsView() {
  const user = useCurrentUser();
  const permission = usePermission('sso.manage');
  const organization = user?.currentOrganization ?? null;
  return (
    <div className={pageCss.stack}>
      <PageHeader parent={{ label: 'Organization settings' }} title={TITLE} subtitle={SUBTITLE} />
      {!organization ? (
        <Notice tone="info">
          Choose an organization first: single sign-on is set up for one organization.
        </Notice>
      ) : !permission.allowed ? (
        <Notice tone="warning" title="You can’t set up single sign-on">
          {permission.reason}. Ask an owner or an admin of {organization.name} to change these settings.
        </Notice>
      ) : (
        // Another organization is another page: its own chart.
        <SsoSettingsPage
          key={organization.id}
          input={{ organizationId: organization.id, actorRole: user?.role ?? null }}
        />
      )}
    </div>
  );
}

function SsoSettingsPage({ input }: { input: SsoSettingsInput }) {
  const view = useSsoSettings(input);
  if (view.loadError)
    return (
      <section className={cardCss.card}>
        <div className={listCss.listState}>
          <div role="alert">
            <p className={stateCss.errorTitle}>The single sign-on settings could not be loaded.</p>
            <p className={stateCss.stateText}>{view.loadError}</p>
          </div>
          <div className={stateCss.stateAction}>
            <Button variant="secondary" onClick={view.retry}>
              Try again
            </Button>
          </div>
        </div>
      </section>
    );
  if (!view.isReady)
    return (
      <section className={cardCss.card} aria-busy="true">
        <div className={cardCss.cardBody}>
          <p className={stateCss.stateText}>Loading…</p>
        </div>
      </section>
    );
  return (
    <>
      {view.isUnconfigured ? (
        <Notice tone="info" title="Single sign-on is not set up yet">
          Register Flightplan as an OpenID Connect application with your identity provider, using the redirect
          URI below. Then enter its issuer URL, client id and secret, and the e-mail domains it signs in.
          People at those domains can then choose “Sign in with single sign-on”.
        </Notice>
      ) : null}
      <SsoForm view={view} />
    </>
  );
}

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className={css.section}>
      <div>
        <h2 className={css.sectionTitle}>{title}</h2>
        <p className={css.sectionText}>{text}</p>
      </div>
      <div className={css.fields}>{children}</div>
    </div>
  );
}

function SsoForm({ view }: { view: SsoView }) {
  const disabled = view.isDisabled;
  const secretHintId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submit();
  };
  const secretDescribed =
    view.secretHint && !view.fieldErrors.clientSecret ? { 'aria-describedby': secretHintId } : {};
  return (
    <form
      className={`${cardCss.card} ${css.form}`}
      onSubmit={onSubmit}
      noValidate
      aria-busy={view.isSaving}
      aria-label="Single sign-on settings"
    >
      {/* Always rendered (a live region), padded only while it says something. */}
      <div className={view.formError ? cardCss.cardBody : undefined}>
        <AlertRegion message={view.formError} />
      </div>
      <Section
        title="Identity provider"
        text="The OpenID Connect application you registered with your provider for Flightplan."
      >
        <RedirectUri uri={view.redirectUri} />
        <TextField
          label="Issuer URL"
          name="issuer"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://login.example.com"
          value={view.values.issuer}
          onValueChange={(value) => view.changeField('issuer', value)}
          error={view.fieldErrors.issuer}
          disabled={disabled}
        />
        <TextField
          label="Client id"
          name="clientId"
          autoComplete="off"
          spellCheck={false}
          value={view.values.clientId}
          onValueChange={(value) => view.changeField('clientId', value)}
          error={view.fieldErrors.clientId}
          disabled={disabled}
        />
        <div>
          <TextField
            label="Client secret"
            name="clientSecret"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            optional={!view.secretHint}
            value={view.values.clientSecret}
            onValueChange={(value) => view.changeField('clientSecret', value)}
            error={view.fieldErrors.clientSecret}
            disabled={disabled}
            {...secretDescribed}
          />
          {view.secretHint ? (
            <p id={secretHintId} className={css.hint}>
              {view.secretHint}
            </p>
          ) : null}
        </div>
      </Section>
      <Section
        title="Who signs in"
        text="People whose e-mail address is at one of these domains sign in with your identity provider."
      >
        <DomainsField view={view} />
        <label className={css.checkRow}>
          <input
            type="checkbox"
            name="requireSso"
            checked={view.values.requireSso}
            disabled={disabled}
            onChange={(event) => view.setRequireSso(event.currentTarget.checked)}
          />
          <span className={css.checkText}>
            <span className={css.checkLabel}>Require single sign-on</span>
            <span className={css.hint}>{view.requireSsoHint}</span>
          </span>
        </label>
      </Section>
      <Section
        title="New people"
        text="What someone gets the first time they sign in with single sign-on. Members keep their role."
      >
        <RoleField view={view} />
        {view.choosesAccounts ? (
          <>
            <Choices
              legend="Accounts"
              hint={view.accountsHint}
              error={view.values.accountMode === 'all' ? view.fieldErrors.accountIds : null}
              type="radio"
              disabled={disabled}
              options={[
                {
                  key: 'all',
                  label: 'All accounts',
                  hint: null,
                  checked: view.values.accountMode === 'all',
                  onChange: () => view.changeAccountMode('all'),
                },
                {
                  key: 'chosen',
                  label: 'Chosen accounts',
                  hint: 'Only the accounts ticked below.',
                  checked: view.values.accountMode === 'chosen',
                  onChange: () => view.changeAccountMode('chosen'),
                },
              ]}
            />
            {view.values.accountMode === 'chosen' ? (
              <Choices
                legend="Accounts new people work in"
                error={view.fieldErrors.accountIds}
                type="checkbox"
                disabled={disabled}
                options={view.accounts.map((account) => ({
                  key: account.id,
                  label: account.name,
                  hint: null,
                  checked: account.checked,
                  onChange: (checked: boolean) => view.toggleAccount(account.id, checked),
                }))}
              />
            ) : null}
          </>
        ) : (
          <p className={css.hint}>{view.accountsHint}</p>
        )}
      </Section>
      <div className={css.footer}>
        <span className={css.status} role="status">
          {view.notice ? <span className={css.savedNote}>{view.notice}</span> : null}
        </span>
        <Button type="submit" variant="primary" disabled={disabled}>
          {view.submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The redirect URI to register with the provider, read-only, with “Copy”. */
function RedirectUri({ uri }: { uri: string | null }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  if (!uri) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(uri);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for the person to copy.
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.select();
    }
  };
  return (
    <div className={fieldCss.root}>
      <label htmlFor={id} className={fieldCss.label}>
        Redirect URI to register with your provider
      </label>
      <div className={css.copyRow}>
        <input id={id} className={css.readOnly} value={uri} readOnly spellCheck={false} />
        <Button onClick={copy} aria-label="Copy the redirect URI">
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}

function DomainsField({ view }: { view: SsoView }) {
  const errorId = useId();
  const hintId = useId();
  const error = view.fieldErrors.domains;
  return (
    <Field.Root
      className={fieldCss.root}
      invalid={Boolean(error)}
      disabled={view.isDisabled}
      ids={{ errorText: errorId, helperText: hintId }}
    >
      <Field.Label className={fieldCss.label}>E-mail domains</Field.Label>
      <Field.Textarea
        className={css.textarea}
        name="domains"
        rows={3}
        spellCheck={false}
        placeholder={'example.com\nexample.co.uk'}
        value={view.values.domains}
        onChange={(event) => view.changeField('domains', event.currentTarget.value)}
        aria-describedby={error ? errorId : hintId}
      />
      <Field.HelperText id={hintId} className={css.hint}>
        {view.normalizedDomains.length > 0
          ? `Signs in people at: ${view.normalizedDomains.join(', ')}`
          : 'Separate domains with commas or new lines.'}
      </Field.HelperText>
      <Field.ErrorText className={fieldCss.error}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

function RoleField({ view }: { view: SsoView }) {
  const id = useId();
  const errorId = useId();
  const hintId = useId();
  const error = view.fieldErrors.role;
  const chosen = view.roles.find((role) => role.value === view.values.role);
  return (
    <div className={fieldCss.root}>
      <label htmlFor={id} className={fieldCss.label}>
        Role new people get
      </label>
      <select
        id={id}
        name="role"
        className={formCss.select}
        value={view.values.role}
        disabled={view.isDisabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hintId}
        onChange={(event) => view.changeRole(event.currentTarget.value as Role)}
      >
        {view.roles.map((role) => (
          <option key={role.value} value={role.value}>
            {role.label}
          </option>
        ))}
      </select>
      {chosen ? (
        <p id={hintId} className={css.hint}>
          {chosen.description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldCss.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default SsoSettingsView;
