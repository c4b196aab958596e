import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common';
import { SESSION_COOKIE } from '../http-context';
import type { TRouteDoc, TRouteDocs } from './route-docs';

type TJson = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of the REST paths (issue 30), built from the modules' route entries (TRouteDocs) and
 * their zod schemas: JSON Schema 2020-12, which OpenAPI 3.1 speaks natively. Requests are described as callers send
 * them (`io: 'input'`: before defaults and normalisation), answers as the server writes them (`io: 'output'`, dates
 * as ISO strings: JSON has no dates).
 */

/**
 * Whether an object's key may be left out of the JSON: its schema takes `undefined` (a preprocess that defaults a
 * missing list, `z.unknown()`), and for an answer also gives `undefined` back, which JSON.stringify leaves out. Zod
 * marks only `.optional()` and defaulted keys so; the contract run (npm run test:contract) found the others.
 */
const mayBeAbsent = (schema: z.ZodType | undefined, io: 'input' | 'output'): boolean => {
  if (!schema) return false;
  try {
    const result = schema.safeParse(undefined);
    return result.success && (io === 'input' || result.data === undefined);
  } catch {
    // An asynchronous refinement: left required.
    return false;
  }
};

/** A zod schema as JSON Schema, without its `$schema` line (the document declares the dialect once). */
export const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output'): TJson => {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: (context) => {
      const def = (context.zodSchema as { _zod?: { def?: { type?: string; shape?: Record<string, z.ZodType> } } })._zod?.def;
      // A date is written as an ISO date-time; read (coerced) from a date-time or a bare date (`2026-11-27`).
      if (def?.type === 'date') {
        Object.assign(context.jsonSchema, io === 'output' ? { type: 'string', format: 'date-time' } : { type: 'string', anyOf: [{ format: 'date-time' }, { format: 'date' }] });
      }
      const required = context.jsonSchema.required;
      if (def?.type === 'object' && def.shape && Array.isArray(required)) {
        const kept = required.filter((key) => !mayBeAbsent(def.shape![key], io));
        if (kept.length > 0) context.jsonSchema.required = kept;
        else delete context.jsonSchema.required;
      }
    },
  }) as TJson;
  delete json.$schema;
  return json;
};

/** The error body of spec section 8, the answer of every refusal: the shared schema the server writes it by. */
const ERROR_SCHEMA: TJson = jsonSchemaOf(ZErrorBody, 'output');

const ERRORS: Readonly<Record<number, string>> = {
  400: 'Dati non validi (messaggi per campo in `fields`) o richiesta malformata.',
  401: 'Sessione assente o scaduta.',
  403: 'Non consentito a questo utente.',
  404: 'Non trovato (anche un record di un altro utente risponde così).',
  409: 'In conflitto con lo stato attuale del record.',
  412: 'La versione indicata in `If-Match` non è più quella attuale (codice `PRECONDITION_FAILED`): rileggi il record e riprova.',
  429: 'Troppe richieste: riprova più tardi.',
  500: 'Errore interno (codice `INTERNAL`): riprova più tardi.',
};

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const parametersOf = (doc: TRouteDoc, url: string): TJson[] => {
  const inPath = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  const pathSchema = doc.params ? jsonSchemaOf(doc.params, 'input') : { properties: {} };
  const pathProperties = (pathSchema.properties ?? {}) as Record<string, TJson>;
  const path = inPath.map((name) => ({ name, in: 'path', required: true, schema: pathProperties[name] ?? { type: 'string' } }));
  if (!doc.query) return path;
  const querySchema = jsonSchemaOf(doc.query, 'input');
  const required = new Set((querySchema.required as string[] | undefined) ?? []);
  const query = Object.entries((querySchema.properties ?? {}) as Record<string, TJson>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
  return [...path, ...query];
};

/** The JSON body of a route, and its multipart alternative (a quotation with its PDF): either or both. */
const requestBodyOf = (doc: TRouteDoc, method: string): TJson | undefined => {
  const content: TJson = {};
  if (doc.body) content['application/json'] = { schema: jsonSchemaOf(doc.body, 'input') };
  if (doc.multipart) {
    content['multipart/form-data'] = {
      schema: {
        type: 'object',
        description: doc.multipart.files,
        properties: {
          ...Object.fromEntries(Object.entries(doc.multipart.fields ?? {}).map(([name, description]) => [name, { type: 'string', description }])),
          file0: { type: 'string', format: 'binary', description: 'Il primo file (file0, file1, ... per più file).' },
        },
      },
    };
  }
  if (doc.body || doc.multipart) return { required: !doc.bodyOptional, content };
  // A write without data: clients that always send JSON (`{}`, as fetch wrappers and the tests do) are answered as
  // without a body, so the contract says so.
  if (method === 'GET') return undefined;
  return {
    required: false,
    description: 'Nessun dato: il corpo si omette, o è un oggetto JSON vuoto.',
    content: { 'application/json': { schema: { type: 'object', maxProperties: 0 } } },
  };
};

/** A binary answer's content, in each of its types (a payout's PDF receipt or XML invoice). */
const binaryContent = (contentType: string | readonly string[]): TJson =>
  Object.fromEntries((typeof contentType === 'string' ? [contentType] : contentType).map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));

const operationOf = (doc: TRouteDoc, method: string, url: string, operationId: string): TJson => {
  const responses: TJson = {};
  for (const [status, response] of Object.entries(doc.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.headers
        ? { headers: Object.fromEntries(Object.entries(response.headers).map(([name, header]) => [name, { description: header.description, schema: { type: header.type } }])) }
        : {}),
      ...(response.schema ? { content: { 'application/json': { schema: jsonSchemaOf(response.schema, 'output') } } } : {}),
      ...(response.contentType ? { content: binaryContent(response.contentType) } : {}),
    };
  }
  const errors = doc.auth === 'public' ? [400, 404, 429, 500] : [400, 401, 403, 404, 409, ...(doc.ifMatch ? [412] : []), 429, 500];
  for (const status of errors) {
    responses[String(status)] ??= { description: ERRORS[status], content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  const parameters = [
    ...parametersOf(doc, url),
    ...(doc.ifMatch
      ? [
          {
            name: 'If-Match',
            in: 'header',
            required: false,
            description:
              'L’`ETag` del record letto: la modifica passa solo se nessuno l’ha cambiato nel frattempo (altrimenti 412 e nulla cambia). Senza, vince l’ultima modifica.',
            schema: { type: 'string' },
          },
        ]
      : []),
  ];
  const requestBody = requestBodyOf(doc, method);
  return {
    operationId,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [doc.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(doc.auth === 'public' ? { security: [] } : {}),
  };
};

/** A stable operation id from the method and path (`get_api_products_sector`). */
const operationIdOf = (method: string, url: string) =>
  `${method.toLowerCase()}${url
    .replace(/:([A-Za-z0-9_]+)/g, 'by_$1')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/_+$/, '')}`;

/** The whole document of the documented routes. */
export const buildOpenApiDocument = (docs: TRouteDocs, info: { version: string; serverUrl: string }): TJson => {
  const paths: Record<string, TJson> = {};
  const tags = new Set<string>();
  for (const [key, doc] of Object.entries(docs).sort(([a], [b]) => a.localeCompare(b))) {
    const [method, url] = key.split(' ') as [string, string];
    const path = openApiPath(url);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operationOf(doc, method.toUpperCase(), url, operationIdOf(method, url));
    tags.add(doc.tag);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Piattaforma intermediari — API REST',
      version: info.version,
      description:
        'Le API REST della piattaforma per intermediari assicurativi e delle utenze (spec, sezioni 3-8). Le risposte di errore hanno sempre il corpo `{message, type, code, fields?}`. ' +
        'I dati delle pratiche di ogni settore hanno il proprio schema in `GET /api/practices/{sector}/schema` (con gli esempi e, per altri rami e fideiussioni, i prodotti). ' +
        'Gli eventi socket.io (spec, sezione 7) sono descritti dal documento AsyncAPI `GET /api/asyncapi.json`.',
      license: { name: 'Proprietaria', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: info.serverUrl }],
    security: [{ session: [] }, { loginAs: [] }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Il cookie di sessione, impostato da `POST /api/auth/login`.' },
        loginAs: { type: 'http', scheme: 'bearer', description: 'Il token di «accedi come» di un amministratore (`POST /api/admin/auth/login-as`).' },
      },
    },
  };
};
