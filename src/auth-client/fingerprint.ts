import { AuthClientUsageError, USAGE_ERROR_MESSAGES } from './messages';

/**
 * The device-fingerprint adapter: a third-party script (FINGERPRINT_SCRIPT_URL on the server, handed to the
 * browser in the provider configuration) that profiles this device under the profiling id (`__as_pid`). None
 * by default. The app's step-up runtime loads it, so pages that never load the step-up never load it either;
 * the server allows its origin in the CSP script-src only when it is configured.
 */

/** The id of the injected `<script>`: one per page. */
export const FINGERPRINT_SCRIPT_ID = 'as_fingerprint';
/** The attribute that hands the script the profiling id (`document.currentScript.dataset.profilingId`). */
export const PROFILING_ID_ATTRIBUTE = 'data-profiling-id';

/**
 * Appends the fingerprint script at `url` (https only) to the document's head, once per page: a later call
 * returns the script already there. It loads async and is handed the profiling id as `data-profiling-id`.
 */
export function loadFingerprintScript(
  url: string,
  profilingId: string,
  doc: Document = document,
): HTMLScriptElement {
  const existing = doc.getElementById(FINGERPRINT_SCRIPT_ID);
  if (existing instanceof HTMLScriptElement) return existing;
  if (!URL.canParse(url) || new URL(url).protocol !== 'https:')
    throw new AuthClientUsageError(USAGE_ERROR_MESSAGES.fingerprintScriptUrlInvalid);
  const script = doc.createElement('script');
  script.id = FINGERPRINT_SCRIPT_ID;
  script.src = new URL(url).href;
  script.async = true;
  script.setAttribute(PROFILING_ID_ATTRIBUTE, profilingId);
  doc.head.append(script);
  return script;
}
