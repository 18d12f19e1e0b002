import { onSessionEnded, send } from '@src/api/http';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from './support/fakeApi';

/** A request answered 401 UNAUTHENTICATED tells the session root, which then sends the person to sign in. */

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('onSessionEnded', () => {
  it('is told of a 401 UNAUTHENTICATED, and of nothing else', async () => {
    stubFetch((request) => {
      if (request.path === '/api/gone')
        return json({ message: 'Sign in to continue', errorCode: 'UNAUTHENTICATED' }, { status: 401 });
      if (request.path === '/api/auth/login') {
        return json(
          { message: 'The e-mail address or password is not correct.', errorCode: 'INVALID_CREDENTIALS' },
          { status: 401 },
        );
      }
      return json({ message: 'Nope', errorCode: 'FORBIDDEN' }, { status: 403 });
    });
    let told = 0;
    const stop = onSessionEnded(() => {
      told += 1;
    });
    await expect(send('api/auth/login', { method: 'POST' })).rejects.toMatchObject({ status: 401 });
    await expect(send('api/forbidden')).rejects.toMatchObject({ status: 403 });
    expect(told).toBe(0);
    await expect(send('api/gone')).rejects.toMatchObject({ status: 401 });
    expect(told).toBe(1);
    stop();
    await expect(send('api/gone')).rejects.toMatchObject({ status: 401 });
    expect(told).toBe(1);
  });
});
