/**
 * The handful of DOM matchers these view tests use (the project has no @testing-library/jest-dom).
 * Import this file once per test file.
 */
import { expect } from 'vitest';

const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

const isElement = (value: unknown): value is Element => value instanceof Element;

/** The accessible description from aria-describedby (the only way these views describe fields). */
export function accessibleDescription(element: Element): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return normalize(ids.map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '').join(' '));
}

function check(pass: boolean, message: string) {
  return { pass, message: () => message };
}

expect.extend({
  toBeInTheDocument(received: unknown) {
    const pass = isElement(received) && received.ownerDocument.contains(received);
    return check(pass, `expected element ${this.isNot ? 'not ' : ''}to be in the document`);
  },
  toHaveAttribute(received: Element, name: string, value?: string) {
    const actual = received.getAttribute(name);
    const pass = value === undefined ? actual !== null : actual === value;
    return check(
      pass,
      `expected [${name}] ${this.isNot ? 'not ' : ''}to be ${value ?? 'present'}, got ${actual}`,
    );
  },
  toHaveAccessibleDescription(received: Element, expected: string | RegExp) {
    const actual = accessibleDescription(received);
    const pass = typeof expected === 'string' ? actual === expected : expected.test(actual);
    return check(
      pass,
      `expected description ${this.isNot ? 'not ' : ''}to be "${expected}", got "${actual}"`,
    );
  },
  toHaveFocus(received: Element) {
    const pass = received.ownerDocument.activeElement === received;
    return check(pass, `expected element ${this.isNot ? 'not ' : ''}to have focus`);
  },
  toHaveTextContent(received: Element, expected: string | RegExp) {
    const actual = normalize(received.textContent);
    const pass = typeof expected === 'string' ? actual.includes(expected) : expected.test(actual);
    return check(pass, `expected text ${this.isNot ? 'not ' : ''}to contain "${expected}", got "${actual}"`);
  },
  toBeEmptyDOMElement(received: Element) {
    const pass = received.childNodes.length === 0;
    return check(
      pass,
      `expected element ${this.isNot ? 'not ' : ''}to be empty, got "${received.innerHTML}"`,
    );
  },
  toBeDisabled(received: Element) {
    const pass = (received as HTMLButtonElement).disabled === true;
    return check(pass, `expected element ${this.isNot ? 'not ' : ''}to be disabled`);
  },
});

declare module 'vitest' {
  interface Matchers<T = any> {
    toBeInTheDocument(): T;
    toHaveAttribute(name: string, value?: string): T;
    toHaveAccessibleDescription(expected: string | RegExp): T;
    toHaveFocus(): T;
    toHaveTextContent(expected: string | RegExp): T;
    toBeEmptyDOMElement(): T;
    toBeDisabled(): T;
  }
}
