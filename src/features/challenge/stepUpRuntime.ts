import { type ProviderAppearance, ProviderClientConfigSchema } from '@contract/stepUp';
import { requestJson } from '@src/api/http';
import { createAuthClient } from '@src/auth-client';
import type { ThemeValues } from '@src/theme/whiteLabel';
import { authClientServices } from './authClientServices';
import { appearance as vars } from './challenge.css';
import { createStepUp, type StepUp } from './stepUp';

/** What the lazily loaded step-up part of the app holds: the dialog's actor and its appearance. */
export interface StepUpRuntime {
  stepUp: StepUp;
  appearance: ThemeValues;
}

/** The provider configuration's appearance variables as values of the dialog's theme contract. */
export function appearanceValues(appearance: ProviderAppearance): ThemeValues {
  const colors = appearance.colors ?? {};
  return {
    [vars.color.primary]: colors.primary,
    [vars.color.onPrimary]: colors.onPrimary,
    [vars.color.text]: colors.text,
    [vars.color.textMuted]: colors.textMuted,
    [vars.color.background]: colors.background,
    [vars.color.border]: colors.border,
    [vars.color.danger]: colors.danger,
    [vars.spacingUnit]: appearance.spacingUnit,
    [vars.borderRadius]: appearance.borderRadius,
  };
}

/** Reads the provider configuration, then builds the client library and the one challenge dialog actor. */
export async function createStepUpRuntime(): Promise<StepUpRuntime> {
  const config = await requestJson('GET', 'api/security/provider', ProviderClientConfigSchema);
  let stepUp: StepUp | null = null;
  const client = createAuthClient({
    tenantId: config.tenantId,
    baseUrl: config.baseUrl,
    ...(config.regionalBaseUrl ? { regionalBaseUrl: config.regionalBaseUrl } : {}),
    // The provider said the token's 10 minutes are over: the dialog closes as expired.
    onTokenExpired: () => stepUp?.actor.send({ type: 'token.expire' }),
  });
  // The device-fingerprint adapter: none unless the server has FINGERPRINT_SCRIPT_URL. Loaded here, with the
  // step-up runtime only (once per page), so pages without a step-up never load it.
  // A refused URL costs the profiling, never the step-up.
  if (config.fingerprintScriptUrl) {
    try {
      client.loadFingerprintScript(config.fingerprintScriptUrl);
    } catch (error) {
      console.error(error);
    }
  }
  stepUp = createStepUp(authClientServices(client));
  return { stepUp, appearance: appearanceValues(config.appearance) };
}
