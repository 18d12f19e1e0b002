import { ApiError } from '@src/api/http';
import { useRecord } from '@src/ui/records/useRecord';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const refused = (status: number, errorCode?: string) =>
  new ApiError({ kind: 'http', status, body: { message: `Refused ${status}`, errorCode } });

class Caught extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    return error ? <p>Caught {(error as ApiError).status}</p> : this.props.children;
  }
}

function Page({ load, id }: { load: (id: string) => Promise<string>; id: string }) {
  const { data, revalidate } = useRecord(() => load(id), id);
  return (
    <>
      <p>{data ?? 'Loading…'}</p>
      <button type="button" onClick={revalidate}>
        Again
      </button>
    </>
  );
}

function show(load: (id: string) => Promise<string>, id = 'b-1') {
  const utils = render(
    <Caught>
      <Page load={load} id={id} />
    </Caught>,
  );
  return (next: string) =>
    utils.rerender(
      <Caught>
        <Page load={load} id={next} />
      </Caught>,
    );
}

describe('useRecord', () => {
  it('shows the data once it arrives, and keeps it while another key loads', async () => {
    let finish: (value: string) => void = () => undefined;
    const load = vi.fn((id: string) =>
      id === 'b-1' ? Promise.resolve('Budget 1') : new Promise<string>((resolve) => (finish = resolve)),
    );
    const showId = show(load);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Budget 1')).toBeTruthy();
    showId('b-2');
    expect(screen.getByText('Budget 1')).toBeTruthy();
    await act(async () => finish('Budget 2'));
    expect(screen.getByText('Budget 2')).toBeTruthy();
    expect(load.mock.calls.map(([id]) => id)).toEqual(['b-1', 'b-2']);
  });

  it('asks once more after a "not yet" answer, then waits for the session', async () => {
    const load = vi.fn(() => Promise.reject(refused(409, 'ACCOUNT_REQUIRED')));
    show(load);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it('throws a 404 or any other failure to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show(() => Promise.reject(refused(404)));
    expect(await screen.findByText('Caught 404')).toBeTruthy();
  });

  it('loads again in place on revalidate', async () => {
    let n = 0;
    show(() => Promise.resolve(`Answer ${++n}`));
    expect(await screen.findByText('Answer 1')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Again' }).click());
    expect(await screen.findByText('Answer 2')).toBeTruthy();
  });
});
