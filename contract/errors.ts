import * as v from 'valibot';

/** Every 4xx answer of the API has this shape. */
export const ApiErrorSchema = v.object({
  message: v.string(),
  errorCode: v.optional(v.string()),
  validationErrors: v.optional(v.record(v.string(), v.object({ message: v.string() }))),
  businessError: v.optional(v.object({ message: v.string() })),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;
