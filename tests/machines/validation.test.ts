import { describeFailure, isServerFailure, NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import {
  all,
  isValidEmail,
  minLength,
  required,
  validateFields,
  withoutFieldError,
} from '@machines/shared/validation';
import { describe, expect, it } from 'vitest';

describe('shared field validators', () => {
  it.each([
    ['', 'Enter your e-mail address'],
    ['  ', 'Enter your e-mail address'],
    ['ada', 'Enter a valid e-mail address'],
    ['ada@example', 'Enter a valid e-mail address'],
    ['ada @example.com', 'Enter a valid e-mail address'],
    [`${'a'.repeat(250)}@example.com`, 'That e-mail address is too long'],
    ['ada@example.com', undefined],
    [' ada.lovelace+ads@mail.example.co.uk ', undefined],
  ])('e-mail %j -> %s', (value, message) => {
    expect(isValidEmail(value)).toBe(message);
  });

  it('runs validators in order and stops at the first message', () => {
    const password = all(required('Enter a password'), minLength(8, 'Use at least 8 characters'));
    expect(password('')).toBe('Enter a password');
    expect(password('1234567')).toBe('Use at least 8 characters');
    expect(password('12345678')).toBeUndefined();
  });

  it('validates only fields that have rules', () => {
    expect(validateFields({ a: '', b: '' }, { a: required('A?') })).toEqual({ a: 'A?' });
  });

  it('removes one field error without touching the others', () => {
    const errors = { a: 'A?', b: 'B?' };
    expect(withoutFieldError(errors, 'a')).toEqual({ b: 'B?' });
    expect(withoutFieldError(errors, 'c' as 'a')).toBe(errors);
  });
});

describe('server failures', () => {
  it('recognises the API error body, with or without status', () => {
    expect(isServerFailure({ message: 'No', status: 401 })).toBe(true);
    expect(isServerFailure({ message: 'No' })).toBe(true);
    expect(isServerFailure(Object.assign(new Error('No'), { status: 403 }))).toBe(true);
  });

  it('treats anything else as the network failing', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      undefined,
      null,
      'x',
      { message: '' },
      { status: 500 },
    ]) {
      expect(describeFailure(error, ['email'])).toEqual({
        formError: NETWORK_ERROR_MESSAGE,
        fieldErrors: {},
        status: null,
      });
    }
  });

  it('keeps field messages for known fields only', () => {
    const failure = describeFailure(
      {
        status: 400,
        message: 'Invalid',
        validationErrors: { email: { message: 'Bad' }, other: { message: 'X' } },
      },
      ['email', 'password'],
    );
    expect(failure).toEqual({ formError: null, fieldErrors: { email: 'Bad' }, status: 400 });
  });
});
