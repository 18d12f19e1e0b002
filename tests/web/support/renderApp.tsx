import { createBlockingHistory } from '@src/app/navigation/blockingHistory';
import { AppRoutes } from '@src/app/routes';
import { act, render } from '@testing-library/react';
import {
  unstable_HistoryRouter as HistoryRouter,
  type To,
  UNSAFE_createMemoryHistory,
} from 'react-router-dom';

/**
 * The whole app (every route, lazy screens included) over an in-memory history starting at `path`, with the
 * same blocking history as the app (the wizard's leave guard). `router` drives it as a user's navigation would.
 */
export function renderApp(path: string) {
  const history = createBlockingHistory(
    UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }),
  );
  const utils = render(
    <HistoryRouter history={history}>
      <AppRoutes />
    </HistoryRouter>,
  );
  const router = {
    /** A link followed (a path) or the browser's Back/Forward (a number). */
    navigate: (to: To | number) =>
      act(async () => {
        if (typeof to === 'number') history.go(to);
        else history.push(to);
      }),
    state: {
      get location() {
        return history.location;
      },
      /** How the current entry was reached: PUSH, REPLACE or POP (Back/Forward). */
      get historyAction() {
        return history.action;
      },
    },
  };
  const location = () => `${history.location.pathname}${history.location.search}`;
  return { router, history, location, ...utils };
}
