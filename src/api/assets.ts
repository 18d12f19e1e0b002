import { type Asset, AssetListSchema, AssetSchema, type MediaKind } from '@contract/creative';
import { ApiErrorSchema } from '@contract/errors';
import * as v from 'valibot';
import { ApiError, NETWORK_FAILURE_MESSAGE, parseResponse, requestJson } from './http';

/**
 * The account's asset library (`/api/assets`): uploads with progress (XMLHttpRequest, since fetch reports
 * no upload progress), and the library's list for "Choose from library".
 */

export interface UploadCallbacks {
  progress(loaded: number, total: number): void;
  /** Every byte is sent: the server is reading the file. */
  sent(): void;
  accepted(asset: Asset): void;
  refused(error: unknown): void;
}

function refusalOf(xhr: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = undefined;
  }
  const parsed = v.safeParse(ApiErrorSchema, body);
  return new ApiError({
    kind: 'http',
    status: xhr.status,
    body: parsed.success ? parsed.output : { message: `The upload failed (HTTP ${xhr.status}).` },
  });
}

/** POST /api/assets?name=<file name> with the file as the body; the returned function aborts it. */
export function uploadAsset(file: File, on: UploadCallbacks): () => void {
  const xhr = new XMLHttpRequest();
  let settled = false;
  xhr.open('POST', `/api/assets?${new URLSearchParams({ name: file.name })}`);
  xhr.withCredentials = true;
  xhr.setRequestHeader('accept', 'application/json');
  xhr.upload.onprogress = (event) =>
    on.progress(event.loaded, event.lengthComputable ? event.total : file.size);
  // The body is sent but the answer is not there yet: the server is reading the file.
  xhr.upload.onload = () => {
    if (!settled) on.sent();
  };
  xhr.onload = () => {
    settled = true;
    if (xhr.status < 200 || xhr.status >= 300) return on.refused(refusalOf(xhr));
    try {
      on.accepted(parseResponse(AssetSchema, JSON.parse(xhr.responseText), 'POST /api/assets'));
    } catch (error) {
      on.refused(error);
    }
  };
  xhr.onerror = () => {
    settled = true;
    on.refused(new ApiError({ kind: 'network', message: NETWORK_FAILURE_MESSAGE }));
  };
  xhr.send(file);
  return () => {
    settled = true;
    xhr.abort();
  };
}

export interface AssetQuery {
  kind: MediaKind;
  q?: string;
  page?: number;
  limit?: number;
}

/** GET /api/assets?kind=&q=&_page=&_limit=: the library, newest first. */
export function listAssets(query: AssetQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    kind: query.kind,
    _page: String(query.page ?? 1),
    _limit: String(query.limit ?? 24),
  });
  if (query.q) params.set('q', query.q);
  return requestJson('GET', `api/assets?${params}`, AssetListSchema, { signal });
}
