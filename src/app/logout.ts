import { redirect } from 'react-router-dom';
import { authApi } from '../api/auth';

/** Signs out (POST /api/auth/logout), then goes to the sign-in page. A failed call still leaves the app. */
export async function logoutLoader() {
  await authApi.logout().catch(() => undefined);
  return redirect('/auth/login');
}
