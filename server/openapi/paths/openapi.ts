import * as v from 'valibot';
import { json, type OperationSpec } from '../operation';

/** This document (server/openapi/routes.ts). */
export const openApiOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tags: ['System'],
    public: true,
    responses: { 200: json('The document', v.looseObject({ openapi: v.literal('3.1.0') })) },
  },
];
