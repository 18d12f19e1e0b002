import {
  type LoaderFunctionArgs,
  redirect,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from 'react-router-dom';
import type { CurrentUser } from '../../contract/auth';
import { authApi } from '../api/auth';
import { loginPathFor } from '../lib/returnUrl';
import { APP_ROUTE_ID } from './constants';

/** The signed-in user, as GET /api/auth/user describes them. */
export type SignedInUser = Extract<CurrentUser, { isAuthenticated: true }>;

/**
 * The one place that keeps signed-out visitors out of the app: the loader of the app layout route asks
 * GET /api/auth/user and sends a signed-out visitor to `/auth/login?returnUrl=<path+search>`.
 * (A later issue replaces this with the session bootstrap statechart.)
 */
export async function requireUserLoader({ request }: LoaderFunctionArgs): Promise<SignedInUser> {
  const user = await authApi.currentUser();
  if (!user.isAuthenticated) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  return user;
}

/** The user is asked for once when entering the app, not again on every page or sort change of a table. */
export const shouldRevalidateUser: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    ? false
    : defaultShouldRevalidate;

/** The signed-in user inside the app layout. */
export function useSignedInUser(): SignedInUser {
  const user = useRouteLoaderData(APP_ROUTE_ID) as SignedInUser | undefined;
  if (!user) throw new Error('useSignedInUser is only available below the app layout route');
  return user;
}
