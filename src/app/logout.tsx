import { authApi } from '@src/api/auth';
import { PageLoading } from '@src/ui/PageLoading';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** /auth/logout: signs out (POST /api/auth/logout), then goes to the sign-in page. A failed call still leaves. */
export function LogoutPage() {
  const navigate = useNavigate();
  // Once per visit, even when React runs the effect twice (StrictMode in development).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void authApi
      .logout()
      .catch(() => undefined)
      .then(() => navigate('/auth/login', { replace: true }));
  }, [navigate]);
  return <PageLoading />;
}

export default LogoutPage;
