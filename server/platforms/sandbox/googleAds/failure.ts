/**
 * Errors as the Google Ads API's REST interface answers them: a google.rpc.Status whose details carry one
 * GoogleAdsFailure (https://developers.google.com/google-ads/api/docs/best-practices/error-types).
 */
export interface GoogleAdsErrorEntry {
  /** `{ <category>: <ENUM> }`, e.g. `{ fieldError: 'REQUIRED' }`. */
  errorCode: Record<string, string>;
  message: string;
  trigger?: { stringValue: string };
  location?: { fieldPathElements: { fieldName: string; index?: number }[] };
  details?: Record<string, unknown>;
}

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const MESSAGE: Record<number, string> = {
  400: 'Request contains an invalid argument.',
  401: 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  403: 'The caller does not have permission',
  429: 'Resource has been exhausted (e.g. check quota).',
  500: 'Internal error encountered.',
  503: 'The service is currently unavailable.',
};

export class GoogleAdsFailure extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errors: GoogleAdsErrorEntry[],
  ) {
    super(errors[0]?.message ?? MESSAGE[httpStatus] ?? 'error');
  }

  body(version: string, requestId: string) {
    return {
      error: {
        code: this.httpStatus,
        message: MESSAGE[this.httpStatus] ?? 'Error',
        status: STATUS[this.httpStatus] ?? 'UNKNOWN',
        details: [
          {
            '@type': `type.googleapis.com/google.ads.googleads.${version}.errors.GoogleAdsFailure`,
            errors: this.errors,
            requestId,
          },
        ],
      },
    };
  }
}

export const fieldPath = (...elements: (string | [string, number])[]) => ({
  fieldPathElements: elements.map((e) =>
    typeof e === 'string' ? { fieldName: e } : { fieldName: e[0], index: e[1] },
  ),
});

export const failure = (
  httpStatus: number,
  category: string,
  code: string,
  message: string,
  extra: Omit<GoogleAdsErrorEntry, 'errorCode' | 'message'> = {},
) => new GoogleAdsFailure(httpStatus, [{ errorCode: { [category]: code }, message, ...extra }]);
