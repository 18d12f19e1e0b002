import { createBlockingHistory } from '@src/app/navigation/blockingHistory';
import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

function setup(path = '/planning/wizard/new/overview') {
  const history = createBlockingHistory(
    UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }),
  );
  const seen: string[] = [];
  const stop = history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}`));
  const where = () => history.location.pathname;
  return { history, seen, stop, where };
}

const leavingWizard = (next: { pathname: string }) => !next.pathname.startsWith('/planning/wizard/');

describe('the blocking history', () => {
  it('holds a push the test refuses, then performs it on proceed', () => {
    const { history, seen, where } = setup();
    history.block(leavingWizard);
    history.push('/campaigns');
    expect(where()).toBe('/planning/wizard/new/overview');
    expect(history.blocked()?.location.pathname).toBe('/campaigns');
    expect(seen).toEqual([]);
    history.blocked()!.proceed();
    expect(where()).toBe('/campaigns');
    expect(history.blocked()).toBeNull();
    expect(seen).toEqual(['PUSH /campaigns']);
  });

  it('drops a held replace on reset, and lets the pages it allows through', () => {
    const { history, seen, where } = setup();
    history.block(leavingWizard);
    history.replace('/dashboard');
    history.blocked()!.reset();
    expect(where()).toBe('/planning/wizard/new/overview');
    history.replace('/planning/wizard/c-1/overview');
    expect(where()).toBe('/planning/wizard/c-1/overview');
    expect(seen).toEqual(['REPLACE /planning/wizard/c-1/overview']);
  });

  it('puts a held Back where it was, and goes back on proceed', () => {
    const { history, seen, where } = setup('/campaigns');
    history.push('/planning/wizard/c-1/schedule');
    history.block(leavingWizard);
    history.go(-1);
    expect(where()).toBe('/planning/wizard/c-1/schedule');
    expect(history.blocked()?.location.pathname).toBe('/campaigns');
    expect(seen).toEqual(['PUSH /planning/wizard/c-1/schedule']);
    history.blocked()!.proceed();
    expect(where()).toBe('/campaigns');
    expect(seen).toEqual(['PUSH /planning/wizard/c-1/schedule', 'POP /campaigns']);
  });

  it('stays on Stay after a held Back, and stops holding once the blocker is removed', () => {
    const { history, where } = setup('/campaigns');
    history.push('/planning/wizard/c-1/schedule');
    const unblock = history.block(leavingWizard);
    history.go(-1);
    history.blocked()!.reset();
    expect(where()).toBe('/planning/wizard/c-1/schedule');
    unblock();
    history.go(-1);
    expect(where()).toBe('/campaigns');
    expect(history.blocked()).toBeNull();
  });

  it('tells its subscribers when a navigation is held and answered', () => {
    const { history } = setup();
    history.block(leavingWizard);
    let changes = 0;
    history.subscribe(() => changes++);
    history.push('/campaigns');
    history.blocked()!.reset();
    expect(changes).toBe(2);
  });
});
