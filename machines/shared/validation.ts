import * as v from 'valibot';

/**
 * Field validators shared by the form machines.
 *
 * A validator takes the raw field value and returns the message to show, or
 * `undefined` when the value is fine. Messages match the server's valibot
 * schemas in `contract/` so the person sees the same words either way.
 */

export type Validator = (value: string) => string | undefined;

/** Per-field error messages; a missing key means the field is fine. */
export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

/** Same pattern as valibot's `email()` used by the server. */
const EMAIL_PATTERN = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u;

export const required =
  (message: string): Validator =>
  (value) =>
    value.trim() === '' ? message : undefined;

export const emailShaped =
  (message: string): Validator =>
  (value) =>
    EMAIL_PATTERN.test(value.trim()) ? undefined : message;

export const minLength =
  (length: number, message: string): Validator =>
  (value) =>
    value.length < length ? message : undefined;

export const maxLength =
  (length: number, message: string): Validator =>
  (value) =>
    value.length > length ? message : undefined;

/** Runs validators in order and returns the first message. */
export const all =
  (...validators: Validator[]): Validator =>
  (value) => {
    for (const validator of validators) {
      const message = validator(value);
      if (message !== undefined) return message;
    }
    return undefined;
  };

export const isValidEmail: Validator = all(
  required('Enter your e-mail address'),
  maxLength(254, 'That e-mail address is too long'),
  emailShaped('Enter a valid e-mail address'),
);

/** Checks every field that has rules; fields without rules are always fine. */
export function validateFields<TField extends string>(
  values: Record<TField, string>,
  rules: Partial<Record<TField, Validator>>,
): FieldErrors<TField> {
  const errors: FieldErrors<TField> = {};
  for (const field of Object.keys(rules) as TField[]) {
    const message = rules[field]?.(values[field]);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

export function hasFieldErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

/** A copy of `errors` without `field` (used when the person edits that field). */
export function withoutFieldError<TField extends string>(
  errors: FieldErrors<TField>,
  field: TField,
): FieldErrors<TField> {
  if (!(field in errors)) return errors;
  const { [field]: _removed, ...rest } = errors;
  return rest as FieldErrors<TField>;
}

/**
 * The messages a valibot schema from `contract/` gives `input`, one per field: the first issue whose path
 * starts with that field (`platforms.0` counts for `platforms`); `aliases` maps a wire key onto the form's
 * field (`budgetMinor` → `budget`). The same schema the server parses the request with, so the form says
 * what the server would.
 */
export function schemaFieldErrors<TField extends string>(
  schema: v.GenericSchema,
  input: unknown,
  fields: readonly TField[],
  aliases: Partial<Record<string, TField>> = {},
): FieldErrors<TField> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const errors: FieldErrors<TField> = {};
  for (const issue of result.issues) {
    const key = String(issue.path?.[0]?.key ?? '');
    const field = aliases[key] ?? fields.find((name) => name === key);
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
