import type { PlatformCredentials } from '@server/platforms';
import { GoogleAdsConnector } from '@server/platforms/googleAds/connector';
import sharp from 'sharp';
import type { Exchange } from './check';

/** A recorded exchange file (exchanges/*.json): the connector call, what went over the wire, and the outcome. */
export interface Recording {
  /** What this recording shows. */
  title: string;
  call: { method: string; args: unknown[] };
  credentials: PlatformCredentials;
  exchanges: (Exchange & { date?: string })[];
  outcome:
    | { result: unknown }
    | { error: { kind: string; retryAfterSeconds: number | null; message: string } };
}

export const RECORDED_TOKEN = 'ya29.recorded-access-token';
export const RECORDED_DEVELOPER_TOKEN = 'recorded-developer-token';
export const RECORDED_BASE = 'https://googleads.googleapis.com';

/** Pictures as the recording's connector read them: PNGs of the crop's size. */
export const testPicture = async (aspect: string) => {
  const [width, height] = aspect === '1:1' ? [600, 600] : [1200, 628];
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
};

/**
 * A connector whose fetch answers from the recording, in order, refusing any request that differs from the
 * recorded one (method, URL, body): the connector's wire code against Google's answers, without the stand-in.
 */
export function replayingConnector(recording: Recording) {
  let next = 0;
  const mismatches: string[] = [];
  const connector = new GoogleAdsConnector('google', 'Google Ads', {
    settings: { url: RECORDED_BASE, version: 'v25', developerToken: RECORDED_DEVELOPER_TOKEN },
    readMedia: { original: async () => null, cropped: (_media, aspect) => testPicture(aspect) },
    fetch: async (url, init) => {
      const recorded = recording.exchanges[next];
      next += 1;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
      if (!recorded) {
        mismatches.push(`unexpected ${init.method} ${url}`);
        return new Response('{}', { status: 500 });
      }
      if (recorded.method !== init.method || recorded.url !== url)
        mismatches.push(`expected ${recorded.method} ${recorded.url}, got ${init.method} ${url}`);
      else if (JSON.stringify(recorded.body) !== JSON.stringify(body))
        mismatches.push(`${url}: body differs: ${JSON.stringify(body).slice(0, 400)}`);
      const headers = new Headers(init.headers);
      for (const [name, value] of Object.entries(recorded.headers))
        if (headers.get(name) !== value)
          mismatches.push(`${url}: header ${name} is ${headers.get(name)}, recorded ${value}`);
      return new Response(JSON.stringify(recorded.response), {
        status: recorded.status,
        headers: { 'content-type': 'application/json', ...(recorded.date ? { date: recorded.date } : {}) },
      });
    },
  });
  return { connector, mismatches, used: () => next };
}
