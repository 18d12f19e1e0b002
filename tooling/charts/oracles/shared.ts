/**
 * What the oracles share: the spec's texts and rules, written out again (not imported from
 * `machines/`), so an oracle can disagree with a machine.
 */

/** Spec: a request that got no answer at all (offline, DNS, timeout) says this. */
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** The sample rejections: a server's JSON refusal (`{ status, message, validationErrors? }`), or a thrown `TypeError`. */
export type SampleFailure =
  | Error
  | { status?: number; message: string; validationErrors?: Record<string, { message: string }> };

/** The message a form shows above its fields for a failure that names none of them. */
export function formMessage(error: unknown): string {
  return error instanceof Error ? NETWORK_MESSAGE : (error as { message: string }).message;
}

/** The message a refusal gives for `field`, if it names it. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof Error
    ? undefined
    : (error as { validationErrors?: Record<string, { message: string }> }).validationErrors?.[field]
        ?.message;
}

/** Spec: an e-mail address is required, at most 254 characters, and shaped `name@domain.tld`. */
export function emailMessage(value: string): string | undefined {
  const address = value.trim();
  if (address === '') return 'Enter your e-mail address';
  if (value.length > 254) return 'That e-mail address is too long';
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[a-z]{2,}$/i.test(address)
    ? undefined
    : 'Enter a valid e-mail address';
}

/** Spec: an amount is digits with at most two decimals; '' counts as zero. In cents, or null. */
export function cents(text: string): number | null {
  const amount = text.trim();
  if (amount === '') return 0;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/**
 * The events a view model's command sends: `connect` is called with a recording `send`, and `use` calls
 * the command (`(view) => view.retry()`). Lets an oracle check that a state's commands send what the
 * spec says, without the machine.
 */
export function sentBy<TView>(
  connect: (send: (event: { type: string }) => void) => TView,
  use: (view: TView) => void,
): { type: string }[] {
  const sent: { type: string }[] = [];
  use(connect((event) => sent.push(event)));
  return sent;
}
