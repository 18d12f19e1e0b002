import type { Context, Env, Hono } from 'hono';
import { HttpError } from './errors';

/** A 405 whose `Allow` header lists the methods the path does answer. */
export function methodNotAllowed(allow: string, message: string): HttpError {
  return new HttpError(405, message, {}, { Allow: allow });
}

/** The 405 of a method a path does not answer: "<METHOD> is not supported on <path>; use <allow>". */
export function unsupportedMethod(c: Context, allow: string): HttpError {
  return methodNotAllowed(allow, `${c.req.method} is not supported on ${c.req.path}; use ${allow}`);
}

/**
 * Paths a router owns, with the methods they answer: any other method on them is a 405 naming those (not the
 * data API's 404). Register after the router's own handlers.
 */
export function answerOtherMethods<E extends Env>(routes: Hono<E>, allowed: Record<string, string>): void {
  for (const [path, allow] of Object.entries(allowed)) {
    routes.all(path, (c) => {
      throw unsupportedMethod(c, allow);
    });
  }
}
