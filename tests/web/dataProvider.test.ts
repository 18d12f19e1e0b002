import { dataProvider, UnsupportedFilterError } from '@src/api/dataProvider';
import { ApiError, ResponseShapeError } from '@src/api/http';
import { afterEach, describe, expect, it } from 'vitest';
import { campaign, json, stubFetch } from './support/fakeApi';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The query string as sorted `key=value` pairs, so assertions do not depend on parameter order. */
const query = (search: URLSearchParams) => [...search.entries()].map(([k, v]) => `${k}=${v}`);

describe('getList', () => {
  it('asks for the first page of 10 by default and reads the total from x-total-count', async () => {
    const rows = [campaign(), campaign()];
    const { seen } = stubFetch(() => json(rows, { total: 57 }));
    const result = await dataProvider.getList({ resource: 'campaigns' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.path).toBe('/api/campaigns');
    expect(query(seen[0]!.search)).toEqual(['_start=0', '_end=10']);
    expect(seen[0]!.credentials).toBe('include');
    expect(result.total).toBe(57);
    expect(result.data.map((c) => c.id)).toEqual(rows.map((c) => c.id));
  });

  it('pages with _start/_end', async () => {
    const { seen } = stubFetch(() => json([], { total: 0 }));
    await dataProvider.getList({ resource: 'campaigns', pagination: { current: 3, pageSize: 20 } });
    expect(query(seen[0]!.search)).toEqual(['_start=40', '_end=60']);
  });

  it('sends no paging when pagination is off', async () => {
    const { seen } = stubFetch(() => json([{ key: 'meta', displayName: 'Meta' }], { total: 1 }));
    const result = await dataProvider.getList({ resource: 'platforms', pagination: { mode: 'off' } });
    expect(seen[0]!.path).toBe('/api/platforms');
    expect(query(seen[0]!.search)).toEqual([]);
    expect(result.data).toEqual([{ key: 'meta', displayName: 'Meta' }]);
  });

  it('sorts with comma lists in _sort/_order', async () => {
    const { seen } = stubFetch(() => json([], { total: 0 }));
    await dataProvider.getList({
      resource: 'campaigns',
      sorters: [
        { field: 'status', order: 'asc' },
        { field: 'createdAt', order: 'desc' },
      ],
    });
    expect(seen[0]!.search.get('_sort')).toBe('status,createdAt');
    expect(seen[0]!.search.get('_order')).toBe('asc,desc');
  });

  it.each([
    ['eq', 'status', 'active', ['status=active']],
    ['eq', 'status', ['active', 'paused'], ['status=active', 'status=paused']],
    ['in', 'status', ['draft', 'failed'], ['status=draft', 'status=failed']],
    ['ne', 'status', 'draft', ['status_ne=draft']],
    ['gte', 'budgetMinor', 1000, ['budgetMinor_gte=1000']],
    ['lte', 'startDate', '2026-06-30', ['startDate_lte=2026-06-30']],
    ['contains', 'name', 'Spring', ['name_like=Spring']],
  ] as const)('maps the %s operator (%s)', async (operator, field, value, expected) => {
    const { seen } = stubFetch(() => json([], { total: 0 }));
    await dataProvider.getList({
      resource: 'campaigns',
      pagination: { mode: 'off' },
      filters: [{ field, operator, value }],
    });
    expect(query(seen[0]!.search)).toEqual(expected);
  });

  it('combines paging, sorting and several filters', async () => {
    const { seen } = stubFetch(() => json([], { total: 0 }));
    await dataProvider.getList({
      resource: 'bookings',
      pagination: { current: 2, pageSize: 25 },
      sorters: [{ field: 'startDate', order: 'desc' }],
      filters: [
        { field: 'status', operator: 'ne', value: 'cancelled' },
        { field: 'amountMinor', operator: 'gte', value: 500 },
        { field: 'name', operator: 'contains', value: 'q3 push' },
      ],
    });
    expect(seen[0]!.path).toBe('/api/bookings');
    expect(query(seen[0]!.search)).toEqual([
      '_start=25',
      '_end=50',
      '_sort=startDate',
      '_order=desc',
      'status_ne=cancelled',
      'amountMinor_gte=500',
      'name_like=q3 push',
    ]);
  });

  it('leaves out filters without a value', async () => {
    const { seen } = stubFetch(() => json([], { total: 0 }));
    await dataProvider.getList({
      resource: 'campaigns',
      pagination: { mode: 'off' },
      filters: [{ field: 'name', operator: 'contains', value: '' }],
    });
    expect(query(seen[0]!.search)).toEqual([]);
  });

  it.each(['or', 'and'] as const)(
    'rejects the conditional "%s" operator before sending anything',
    async (operator) => {
      const { fetchMock } = stubFetch(() => json([], { total: 0 }));
      const promise = dataProvider.getList({
        resource: 'campaigns',
        filters: [
          {
            operator,
            value: [
              { field: 'status', operator: 'eq', value: 'active' },
              { field: 'status', operator: 'eq', value: 'paused' },
            ],
          },
        ],
      });
      await expect(promise).rejects.toBeInstanceOf(UnsupportedFilterError);
      await expect(promise).rejects.toThrow(`the "${operator}" operator is rejected`);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('rejects any other unknown operator before sending anything', async () => {
    const { fetchMock } = stubFetch(() => json([], { total: 0 }));
    const filters = [{ field: 'budgetMinor', operator: 'between', value: [1, 2] }] as never;
    await expect(dataProvider.getList({ resource: 'campaigns', filters })).rejects.toThrow(
      'The data provider does not support the "between" filter operator.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts the rows when x-total-count is missing, and refuses a malformed one', async () => {
    stubFetch(() => json([campaign()]));
    expect((await dataProvider.getList({ resource: 'campaigns' })).total).toBe(1);
    stubFetch(() => json([campaign()], { headers: { 'x-total-count': 'lots' } }));
    await expect(dataProvider.getList({ resource: 'campaigns' })).rejects.toThrow(
      'Unexpected response from GET /api/campaigns: x-total-count is "lots".',
    );
  });

  it('refuses a response that does not match the resource schema', async () => {
    stubFetch(() => json([campaign(), { ...campaign(), status: 'exploded' }], { total: 2 }));
    const promise = dataProvider.getList({ resource: 'campaigns' });
    await expect(promise).rejects.toBeInstanceOf(ResponseShapeError);
    await expect(promise).rejects.toThrow(/^Unexpected response from GET \/api\/campaigns: 1\.status: /);
  });

  it('refuses a body that is not JSON', async () => {
    stubFetch(() => new Response('<html>proxy page</html>', { headers: { 'x-total-count': '1' } }));
    await expect(dataProvider.getList({ resource: 'campaigns' })).rejects.toThrow(
      'Unexpected response from GET /api/campaigns: the body is not JSON.',
    );
  });
});

describe('single records', () => {
  it('getOne reads /api/{resource}/{id}', async () => {
    const record = campaign();
    const { seen } = stubFetch(() => json(record));
    const { data } = await dataProvider.getOne({ resource: 'campaigns', id: record.id });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.path).toBe(`/api/campaigns/${record.id}`);
    expect(data).toEqual(record);
  });

  it('getOne refuses a record of the wrong shape', async () => {
    stubFetch(() => json({ id: 'x', name: 42 }));
    await expect(dataProvider.getOne({ resource: 'customers', id: 'x' })).rejects.toThrow(
      /^Unexpected response from GET \/api\/customers\/x: /,
    );
  });

  it('getMany repeats id', async () => {
    const a = campaign();
    const b = campaign();
    const { seen } = stubFetch(() => json([a, b], { total: 2 }));
    const { data } = await dataProvider.getMany({ resource: 'campaigns', ids: [a.id, b.id] });
    expect(seen[0]!.path).toBe('/api/campaigns');
    expect(query(seen[0]!.search)).toEqual([`id=${a.id}`, `id=${b.id}`]);
    expect(data).toHaveLength(2);
  });

  it('getMany with no ids sends nothing', async () => {
    const { fetchMock } = stubFetch(() => json([]));
    expect((await dataProvider.getMany({ resource: 'campaigns', ids: [] })).data).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('create POSTs the variables as JSON', async () => {
    const created = campaign({ name: 'Autumn Push' });
    const { seen } = stubFetch(() => json(created, { status: 201 }));
    const { data } = await dataProvider.create({
      resource: 'campaigns',
      variables: { name: 'Autumn Push', platforms: ['meta'] },
    });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.path).toBe('/api/campaigns');
    expect(seen[0]!.headers.get('content-type')).toContain('application/json');
    expect(seen[0]!.body).toEqual({ name: 'Autumn Push', platforms: ['meta'] });
    expect(data.name).toBe('Autumn Push');
  });

  it('update PATCHes only the changed fields', async () => {
    const updated = campaign({ status: 'paused' });
    const { seen } = stubFetch(() => json(updated));
    const { data } = await dataProvider.update({
      resource: 'campaigns',
      id: updated.id,
      variables: { status: 'paused' },
    });
    expect(seen[0]!.method).toBe('PATCH');
    expect(seen[0]!.path).toBe(`/api/campaigns/${updated.id}`);
    expect(seen[0]!.body).toEqual({ status: 'paused' });
    expect(data.status).toBe('paused');
  });

  it('deleteOne DELETEs and accepts the removed record or an empty object', async () => {
    const removed = campaign();
    const { seen } = stubFetch(() => json(removed));
    expect((await dataProvider.deleteOne({ resource: 'campaigns', id: removed.id })).data).toEqual(removed);
    expect(seen[0]!.method).toBe('DELETE');
    expect(seen[0]!.path).toBe(`/api/campaigns/${removed.id}`);
    expect(seen[0]!.body).toBeUndefined();
    stubFetch(() => json({}));
    expect((await dataProvider.deleteOne({ resource: 'campaigns', id: removed.id })).data).toBeNull();
  });

  it('encodes ids in the path', async () => {
    const { seen } = stubFetch(() => json({ key: 'a/b', displayName: 'A' }));
    await dataProvider.getOne({ resource: 'platforms', id: 'a/b' });
    expect(seen[0]!.path).toBe('/api/platforms/a%2Fb');
  });
});

describe('custom', () => {
  it('sends the query and the payload to any URL', async () => {
    const { seen } = stubFetch(() => json({ success: true }));
    await dataProvider.custom({ url: '/data/campaigns/get', method: 'get', query: { campaignId: 'c1' } });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.path).toBe('/data/campaigns/get');
    expect(query(seen[0]!.search)).toEqual(['campaignId=c1']);

    const { data } = await dataProvider.custom({
      url: '/data/campaigns/duplicate',
      method: 'post',
      payload: { campaignId: 'c1', name: 'Copy' },
    });
    expect(seen[1]!.method).toBe('POST');
    expect(seen[1]!.body).toEqual({ campaignId: 'c1', name: 'Copy' });
    expect(data).toEqual({ success: true });
  });
});

describe('errors', () => {
  it('turns a 4xx answer into an ApiError with the status and the parsed body', async () => {
    stubFetch(() =>
      json(
        {
          message: 'name: Enter a campaign name',
          validationErrors: { name: { message: 'Enter a campaign name' } },
        },
        { status: 400 },
      ),
    );
    const error = await dataProvider
      .create({ resource: 'campaigns', variables: { name: '' } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.message).toBe('name: Enter a campaign name');
    expect(error.validationErrors).toEqual({ name: { message: 'Enter a campaign name' } });
    expect(error.isNetworkError).toBe(false);
  });

  it('keeps errorCode and businessError', async () => {
    stubFetch(() =>
      json(
        {
          message: 'Upgrade to continue',
          errorCode: 'REQUIRES_UPGRADE',
          businessError: { message: 'Plan limit' },
        },
        { status: 402 },
      ),
    );
    const error = await dataProvider.getList({ resource: 'campaigns' }).catch((e) => e);
    expect(error).toMatchObject({
      status: 402,
      errorCode: 'REQUIRES_UPGRADE',
      businessError: { message: 'Plan limit' },
    });
  });

  it('gives a readable message when the error body is not the API shape', async () => {
    stubFetch(() => new Response('', { status: 404 }));
    const notFound = await dataProvider.getOne({ resource: 'campaigns', id: 'nope' }).catch((e) => e);
    expect(notFound).toMatchObject({ status: 404, message: 'Not found' });
    stubFetch(
      () =>
        new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const badGateway = await dataProvider.getOne({ resource: 'campaigns', id: 'x' }).catch((e) => e);
    expect(badGateway).toMatchObject({ status: 502, message: '<html>Bad gateway</html>' });
  });

  it('tells a network failure apart from an answer', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const error = await dataProvider.getList({ resource: 'campaigns' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('network');
    expect(error.isNetworkError).toBe(true);
    expect(error.status).toBeNull();
    expect(error.message).toBe('Could not reach the server. Check your connection and try again.');
  });
});
