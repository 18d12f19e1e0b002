import * as v from 'valibot';
import { ChallengeOptionsSchema } from './provider';

/** Every 4xx answer of the API has this shape. */
export const ApiErrorSchema = v.object({
  message: v.string(),
  errorCode: v.optional(v.string()),
  validationErrors: v.optional(v.record(v.string(), v.object({ message: v.string() }))),
  businessError: v.optional(v.object({ message: v.string() })),
  /** With errorCode CHALLENGE_REQUIRED (contract/stepUp.ts): what the challenge dialog opens with. */
  challenge: v.optional(ChallengeOptionsSchema),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;
