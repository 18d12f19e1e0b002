import type { JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { SESSION_COOKIE } from '../auth/sessions';
import { COMPONENTS } from './components';
import { componentRef, toComponents, toSchema } from './convert';
import type { OperationSpec, ResponseSpec, Schema } from './operation';
import { allOperations, type OperationOptions } from './operations';

type Json = Record<string, unknown>;

const TAGS: { name: string; description: string }[] = [
  { name: 'Sign-in', description: 'Sessions: sign in, sign up, sign out, who is signed in' },
  { name: 'Settings', description: 'Onboarding, profile, billing and white-label' },
  { name: 'Campaigns', description: "A campaign's summary, detail and lifecycle (spec section 7)" },
  { name: 'Customers', description: "The agency's customers" },
  { name: 'Planning', description: 'The media plan wizard and the platforms’ reference data' },
  { name: 'Budgets', description: 'Budget drawdown and pacing' },
  { name: 'Assets', description: "The account's image and video library" },
  { name: 'Exchange', description: 'Plans in and out: MediaPlan JSON, CSV flowchart, insertion order' },
  { name: 'Reports', description: 'Delivery reports and dashboard spend' },
  { name: 'Activity', description: 'The change log: who changed what, when, from which value to which' },
  { name: 'Platforms', description: 'Ad platform connections and delivery syncs' },
  { name: 'Sandbox', description: 'The sandbox platforms’ clock (not in production)' },
  { name: 'Security', description: "The user's sign-in methods and security activity" },
  { name: 'Team', description: 'Members, invitations and the organization’s security activity' },
  { name: 'Notifications', description: 'The member’s inbox and which notifications also come by e-mail' },
  {
    name: 'Revisions',
    description: 'Plan revisions, sending a plan for approval, sign-off and comparing revisions',
  },
  { name: 'Single sign-on', description: 'An organization’s OpenID Connect identity provider (docs/sso.md)' },
  {
    name: 'Charts',
    description: 'The charts explorer: each statechart’s test coverage (docs/charts-explorer.md)',
  },
  { name: 'Data API', description: 'Generic records in refine simple-rest / json-server conventions' },
  { name: 'System', description: 'Health, client error reports, analytics events, this document' },
];

const DESCRIPTION = `Flightplan's HTTP API, generated from the valibot contract (contract/).

- **Sessions**: sign in with \`POST /api/auth/login\`; the \`${SESSION_COOKIE}\` cookie carries the session.
- **Writes** from a browser must be same-origin (\`Origin\` checked: CSRF).
- **Errors**: every 4xx is JSON \`ErrorResponse\`: \`message\` names the problem, \`validationErrors\` each field.
- **Tenancy**: everything is scoped to the session's current organization and account; another tenant's id
  answers 404 exactly like a missing one.
- **Money** is in integer minor units (cents) with an ISO currency.
- **Risky actions** (launch, delete, resume, adding or removing a sign-in method) answer 403
  \`CHALLENGE_REQUIRED\` until repeated with a step-up token in \`X-Step-Up-Token\`.`;

const isOptional = (schema: Schema) =>
  ['optional', 'nullish', 'exact_optional'].includes((schema as { type: string }).type);

function parameters(op: OperationSpec): Json[] {
  const group = (place: 'path' | 'query' | 'header', object?: v.ObjectSchema<v.ObjectEntries, undefined>) =>
    Object.entries(object?.entries ?? {}).map(([name, entry]) => {
      const { description, ...schema } = toSchema(entry, 'input') as JsonSchema & { description?: string };
      const repeated = op.repeatedQuery?.includes(name);
      return {
        name,
        in: place,
        required: place === 'path' || !isOptional(entry),
        ...(description ? { description } : {}),
        schema,
        ...(repeated ? { style: 'form', explode: true } : {}),
      };
    });
  return [...group('path', op.pathParams), ...group('query', op.query), ...group('header', op.headers)];
}

function requestBody(op: OperationSpec): Json | undefined {
  if (!op.body) return undefined;
  if ('json' in op.body)
    return { required: true, content: { 'application/json': { schema: toSchema(op.body.json, 'input') } } };
  return {
    required: true,
    description: op.body.description,
    content: Object.fromEntries(
      op.body.raw.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
    ),
  };
}

function response(spec: ResponseSpec): Json {
  const content: Json = {};
  if (spec.json) content['application/json'] = { schema: toSchema(spec.json, 'output', COMPONENTS) };
  if (spec.error) content['application/json'] = { schema: { $ref: componentRef('ErrorResponse') } };
  for (const type of spec.files ?? []) content[type] = { schema: { type: 'string', contentMediaType: type } };
  return {
    description: spec.description,
    ...(spec.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(spec.headers).map(([name, description]) => [
              name,
              { description, schema: { type: 'string' } },
            ]),
          ),
        }
      : {}),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

/** `get /api/assets/{id}` → `getApiAssetsById`: stable names for generated clients. */
export function operationId(op: Pick<OperationSpec, 'method' | 'path'>): string {
  const words = op.path
    .split(/[/.-]/)
    .filter(Boolean)
    .map((word) => (word.startsWith('{') ? `By${cap(word.slice(1, -1))}` : cap(word.replace(/_/g, ''))));
  return `${op.method}${words.join('')}`;
}
const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function operation(op: OperationSpec): Json {
  const params = parameters(op);
  const body = requestBody(op);
  return {
    operationId: operationId(op),
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: op.tags,
    ...(op.public ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: Object.fromEntries(
      Object.entries(op.responses)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([status, spec]) => [status, response(spec)]),
    ),
  };
}

/** The OpenAPI 3.1 document of the HTTP API: built once at start (server/openapi/routes.ts). */
export function buildOpenApiDocument(options: OperationOptions) {
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of allOperations(options)) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operation(op);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Flightplan API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: TAGS,
    security: [{ session: [] }],
    paths,
    components: {
      schemas: toComponents(COMPONENTS),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set by `POST /api/auth/login` (or sign-up)',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
