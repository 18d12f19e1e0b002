import './theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { reportClientError } from './app/reportError';
import { routes } from './app/routes';

const router = createBrowserRouter(routes);

// A page that crashes while rendering is caught by the route's error screen, which reports it; React adds the
// component stack to that report here (both land in one POST /api/client-errors).
createRoot(document.getElementById('root')!, {
  onCaughtError: (error, info) => {
    console.error(error);
    reportClientError(error, { componentStack: info.componentStack ?? null });
  },
  onUncaughtError: (error, info) => {
    console.error(error);
    reportClientError(error, { componentStack: info.componentStack ?? null });
  },
}).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
