import { createRandom, type Random } from './random.ts';

/** The part of JSON Schema (as @fastify/swagger writes it from the zod schemas) the generator reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
};

type OpenApiParameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
/** The OpenAPI 3 document of `app.swagger()` (only what the generator reads). */
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** One endpoint and method of the document. */
export type FuzzOperation = {
  method: string;
  /** OpenAPI path template: `/api/v1/property/{id}`. */
  path: string;
  pathParams: string[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** JSON body schema; undefined when the document declares none (multipart and free-form routes). */
  body: JsonSchema | undefined;
};

/** Who sends a request: the signed-in member with a valid CSRF pair, a visitor without cookies, or the member without the CSRF header. */
export type FuzzSender = 'member' | 'visitor' | 'no-csrf';

/** One generated request, ready for `app.inject`. */
export type FuzzRequest = {
  /** What was mutated, for failure reports. */
  label: string;
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  as: FuzzSender;
};

export type FuzzOptions = {
  seed: number;
  /** Requests per operation (at least; fixed cases per operation come on top when more). */
  perOperation: number;
  /**
   * Valid values for path parameters, so handlers are reached: by name (`id`, `puid`, `provider`, …) or, first, by
   * operation and name (`'PUT /api/v1/property/draft/{id} id'`).
   */
  pathValues?: Record<string, string[]>;
  /** Only operations whose `METHOD path` contains this text (focused local runs). */
  only?: string;
  /** Routes the document does not describe (hidden ones: media files, the docs UI), fuzzed by path and method. */
  extraOperations?: { method: string; path: string }[];
  /** A valid body per operation (`'PUT /api/v1/property/{id}'`) where the document's schema is too loose. */
  bodyExamples?: Record<string, unknown>;
  /** A valid query per operation (`'POST /api/v1/properties/search'`), raw `k=v` pairs, where sampling cannot guess one. */
  queryExamples?: Record<string, [string, string][]>;
  /** A small valid image, sent in multipart requests to operations without a JSON body (the upload routes). */
  image?: Buffer;
};

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];
const ONE_MB = 1_000_000;

/** Every method of every path of the document, with its parameters and JSON body schema ($refs resolved). */
export function listOperations(doc: OpenApiDocument): FuzzOperation[] {
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined => {
    if (!schema || depth > 20) return schema;
    if (schema.$ref) {
      const name = schema.$ref.split('/').pop() ?? '';
      return resolve(doc.components?.schemas?.[name], depth + 1);
    }
    return schema;
  };
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!HTTP_METHODS.includes(method.toUpperCase())) continue;
      const params = op.parameters ?? [];
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams,
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required, schema: resolve(p.schema) ?? {} })),
        body: resolve(op.requestBody?.content?.['application/json']?.schema),
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------------------------
// Values

/** A JSON text fragment spliced into a serialised body as is (NaN, 1e400, deep nesting): not expressible as a value. */
const RAW = '\u0001RAW:';
const raw = (text: string) => `${RAW}${text}\u0001`;
/** JSON.stringify that splices raw fragments in. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"\\u0001RAW:((?:[^"\\]|\\.)*)\\u0001"/g, (_m, inner: string) => JSON.parse(`"${inner}"`) as string);
}

const deepArrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObjects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** Hostile values for any JSON field: wrong types, extreme and non-finite numbers, NUL bytes, huge and deep data. */
function hostileJsonValues(): unknown[] {
  return [
    null, true, false, 0, -1, -0.000001, 1.5, 2147483648, -2147483649, raw('9007199254740993'), 1e308, -1e308,
    raw('1e400'), raw('-1e400'), raw('NaN'), raw('Infinity'), raw('-Infinity'), raw('0x10'), raw('01'),
    '', ' ', '\u0000', 'a\u0000b', '\uD800', '\uDFFF\uD800x', 'NaN', 'Infinity', '-Infinity', '-1', '1e400', '1e-400',
    'null', 'undefined', 'true', '0x1f', "'; DROP TABLE properties;--", '" OR ""="', "1' OR '1'='1", '../../../../etc/passwd',
    '%00', '%s%s%n', '<script>alert(1)</script>', '${7*7}{{7*7}}', '😀'.repeat(60), 'ñ'.repeat(400), '\u202e\u0301',
    '2024-02-30T25:61:00Z', 'A'.repeat(300), 'x'.repeat(ONE_MB), [], [null], ['x'.repeat(1000)], {}, { a: { b: {} } },
    JSON.parse('{"__proto__":{"polluted":1}}'), { constructor: { prototype: { polluted: 1 } } },
    raw(deepArrays(5000)), raw(deepObjects(5000)), new Array(20_000).fill(0), Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])),
  ];
}

/** Hostile values for query strings and path segments (already URL-encoded where they must be). */
const HOSTILE_TEXT = [
  '', 'NaN', 'Infinity', '-Infinity', '-1', '0', '-0', '1.5', '1e400', '-1e400', '1e-400', '9'.repeat(400), '0x1F', 'null',
  'undefined', 'true', '[]', '{}', '%00', 'a%00b', '%', '%%', '%E0%A4%A', '%C0%AF', '%FF%FE', '%F0%9F%8F%A0', '%EF%BB%BF1',
  '%27%3B%20DROP%20TABLE%20properties%3B--', '%22%3E%3Cscript%3E', '..', '%2e%2e', '..%2f..%2fetc%2fpasswd', '%2F', '%5C',
  'x'.repeat(600), '%20', '+', '%2B1', 'a,b,c', '%0D%0ASet-Cookie:%20x=1', '__proto__', 'constructor',
];

const BIG_QUERY = 'q'.repeat(ONE_MB);

/** Headers a client may send wrong: garbage cookies, odd encodings and ranges, spoofed forwarding, huge values. */
const HOSTILE_HEADERS: [name: string, value: string][] = [
  ['cookie', 'nj_sid=%00%ff; nj_csrf=..%2f'], ['cookie', `nj_sid=${'a'.repeat(5000)}`], ['cookie', 'nj_sid=; nj_sid=x; =;;;'],
  ['cookie', 'nj_csrf=a.b.c.d; nj_sid="\\"'], ['accept-encoding', 'br;q=NaN, gzip;q=-1, *;q=2'], ['accept-encoding', 'x'.repeat(3000)],
  ['accept', 'text/html;q=1e400'], ['accept-language', 'es-MX,es;q=0.9,*;q=NaN'], ['range', 'bytes=999999999-0'],
  ['range', 'bytes=-1,-2,-3,0-0'], ['if-none-match', '*'], ['if-modified-since', 'ayer'], ['x-forwarded-for', '999.1.1.1, ::ffff:zz'],
  ['x-forwarded-host', 'evil.example%00'], ['x-forwarded-proto', 'javascript'], ['host', 'exa mple:99999'], ['origin', 'null'],
  ['user-agent', 'x'.repeat(8000)], ['content-encoding', 'gzip'], ['content-encoding', 'deflate, br'], ['expect', '100-continue'],
];

/** A value valid for `schema` (as far as the generator understands it), to start mutations from. */
export function sampleValue(schema: JsonSchema | undefined, rnd: Random, depth = 0): unknown {
  if (!schema || depth > 8) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rnd.pick(schema.enum);
  if (schema.anyOf?.length) return sampleValue(rnd.pick(schema.anyOf), rnd, depth + 1);
  if (schema.oneOf?.length) return sampleValue(rnd.pick(schema.oneOf), rnd, depth + 1);
  if (schema.allOf?.length) return sampleValue(schema.allOf[0], rnd, depth + 1);
  if (schema.default !== undefined && rnd.chance(0.3)) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': return sampleString(schema, rnd);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? 0;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? Math.max(min + 10, 10);
      const v = min + rnd.next() * (max - min);
      // Most numbers in this API are counts and pages: integers mostly, a fraction now and then.
      return type === 'integer' || rnd.chance(0.8) ? Math.max(Math.ceil(min), Math.min(Math.floor(max), Math.round(v))) : v;
    }
    case 'boolean': return rnd.chance(0.5);
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 2, 1 + rnd.int(2)));
      return Array.from({ length: n }, () => sampleValue(schema.items, rnd, depth + 1));
    }
    case 'object':
    default: {
      if (!schema.properties && !schema.additionalProperties && type !== 'object') return 'x';
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rnd.chance(0.5)) out[key] = prop.nullable && rnd.chance(0.1) ? null : sampleValue(prop, rnd, depth + 1);
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        out[`k${rnd.int(100)}`] = sampleValue(schema.additionalProperties, rnd, depth + 1);
      }
      return out;
    }
  }
}

function sampleString(schema: JsonSchema, rnd: Random): string {
  if (schema.format === 'email' || schema.pattern?.includes('@')) return `fuzz${rnd.int(100000)}@example.com`;
  if (schema.pattern === '^\\d{6}$') return String(100000 + rnd.int(900000));
  if (schema.pattern?.startsWith('^[+\\d')) return `+52 33 ${1000 + rnd.int(9000)} ${1000 + rnd.int(9000)}`;
  const min = schema.minLength ?? 1;
  const max = Math.max(min, Math.min(schema.maxLength ?? 12, 12));
  const length = min + rnd.int(max - min + 1);
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[rnd.int(alphabet.length)];
  return s;
}

/** Every path into `value` (object keys, array indices) down to `maxDepth`, the root excluded. */
function valuePaths(value: unknown, maxDepth = 4, prefix: (string | number)[] = []): (string | number)[][] {
  if (prefix.length >= maxDepth || value === null || typeof value !== 'object') return [];
  const out: (string | number)[][] = [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) {
    out.push([...prefix, k]);
    out.push(...valuePaths(v, maxDepth, [...prefix, k]));
  }
  return out;
}

function withValueAt(root: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: unknown = Array.isArray(root) ? [...root] : { ...(root as Record<string, unknown>) };
  const [head, ...rest] = path;
  (copy as Record<string | number, unknown>)[head!] = withValueAt((root as Record<string | number, unknown>)[head!], rest, replacement);
  return copy;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** Percent-encodes a value's UTF-8 bytes (lone surrogates become U+FFFD, as a browser would send them). */
function encodeValue(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v) ?? '';
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function queryString(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

/** Ways of spelling the same API path the router or a proxy may treat differently. */
const PATH_SPELLINGS: [label: string, transform: (path: string) => string][] = [
  ['%61pi', (p) => p.replace(/^\/api\//, '/%61pi/')],
  ['%2561pi', (p) => p.replace(/^\/api\//, '/%2561pi/')],
  ['API', (p) => p.replace(/^\/api\//, '/API/')],
  ['Api', (p) => p.replace(/^\/api\//, '/Api/')],
  ['upper', (p) => p.toUpperCase()],
  ['//api', (p) => `/${p}`],
  ['double slashes', (p) => p.replace(/\//g, '//')],
  ['trailing slash', (p) => `${p}/`],
  ['trailing %2F', (p) => `${p}%2F`],
  ['dot segment', (p) => p.replace(/^\/api\/(v\d)\//, '/api/$1/./')],
  ['dot-dot', (p) => p.replace(/^\/api\/(v\d)\//, '/api/$1/x/../')],
  ['%2e%2e', (p) => p.replace(/^\/api\/(v\d)\//, '/api/$1/x/%2e%2e/')],
  ['..%2f', (p) => p.replace(/^\/api\/(v\d)\//, '/api/$1/x/..%2f')],
  ['%2f separators', (p) => p.replace(/^\/api\//, '/api%2F')],
  ['backslash', (p) => p.replace(/^\/api\//, '/api\\')],
  ['all encoded', (p) => p.split('/').map((s) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')).join('/')],
  ['matrix', (p) => `${p};jsessionid=1`],
  ['NUL', (p) => `${p}%00`],
  ['NUL segment', (p) => p.replace(/^\/api\//, '/api%00/')],
  ['fragment', (p) => `${p}#x`],
];

/** Content types (and bodies) a JSON call should refuse or cope with. */
function contentTypeCases(validJson: string): [label: string, contentType: string | undefined, payload: string | Buffer][] {
  return [
    ['text/plain', 'text/plain', validJson],
    ['form', 'application/x-www-form-urlencoded', 'a=1&b=%00'],
    ['xml', 'application/xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
    ['utf-16', 'application/json; charset=utf-16le', Buffer.from(validJson, 'utf16le')],
    ['latin1', 'application/json; charset=latin1', Buffer.from(validJson, 'latin1')],
    ['multipart without boundary', 'multipart/form-data', validJson],
    ['multipart with JSON', 'multipart/form-data; boundary=zz', validJson],
    ['upper case type', 'APPLICATION/JSON', validJson],
    ['two types', 'application/json, text/html', validJson],
    ['no type', undefined, validJson],
    ['octet-stream', 'application/octet-stream', Buffer.from([0, 1, 2, 255, 254])],
    ['image', 'image/png', Buffer.from('89504e470d0a1a0a0000', 'hex')],
    ['vendor json', 'application/vnd.api+json', validJson],
    ['garbage type', ';;;=', validJson],
  ];
}

/** Whole bodies that are not the JSON the call expects. */
function rawBodyCases(validJson: string): [label: string, payload: string | Buffer][] {
  return [
    ['empty', ''], ['{', '{'], ['truncated', validJson.slice(0, Math.max(1, Math.floor(validJson.length / 2)))],
    ['null', 'null'], ['[]', '[]'], ['string', '"texto"'], ['number', '0'], ['NaN', 'NaN'], ['{a:NaN}', '{"a":NaN}'],
    ['1e400', '{"a":1e400}'], ['BOM', `\uFEFF${validJson}`], ['trailing garbage', `${validJson}}}`],
    ['trailing comma', validJson.replace(/}$/, ',}')], ['duplicate keys', validJson.replace(/^\{/, '{"a":1,"a":2,')],
    ['invalid UTF-8', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc0, 0x00]), Buffer.from('"}')])],
    ['NUL bytes', `\u0000${validJson}`], ['deep arrays 5000', deepArrays(5000)], ['deep objects 5000', deepObjects(5000)],
    ['deep arrays 400000', deepArrays(400_000)], ['deep inside', validJson.replace(/^\{/, `{"zz":${deepObjects(5000)},`)],
    ['__proto__', '{"__proto__":{"polluted":1}}'], ['constructor', '{"constructor":{"prototype":{"polluted":1}}}'],
    ['over the body limit', `{"a":"${'x'.repeat(1024 * 1024 + 100)}"}`], ['1 MB string', `{"a":"${'x'.repeat(ONE_MB)}"}`],
  ];
}

const BOUNDARY = 'fuzzBoundary7';
function multipart(parts: { name: string; filename?: string; type?: string; body: string | Buffer }[], end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body), Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** Multipart bodies: truncated, mismatched boundaries, garbage and empty files, bad file names, too many parts. */
function multipartCases(dataJson: string, rnd: Random): [label: string, contentType: string, payload: Buffer][] {
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const garbage = Buffer.from(Array.from({ length: 64 }, () => rnd.int(256)));
  const full = multipart([{ name: 'data', body: dataJson }, { name: 'images', filename: 'a.jpg', type: 'image/jpeg', body: garbage }]);
  return [
    ['truncated', type, full.subarray(0, 1 + rnd.int(full.length - 1))],
    ['truncated in headers', type, Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`)],
    ['no closing boundary', type, multipart([{ name: 'data', body: dataJson }], false)],
    ['other boundary', 'multipart/form-data; boundary=otra', full],
    ['empty boundary', 'multipart/form-data; boundary=', full],
    ['garbage image', type, full],
    ['zero-byte file', type, multipart([{ name: 'data', body: dataJson }, { name: 'images', filename: 'a.png', type: 'image/png', body: '' }])],
    ['file name traversal', type, multipart([{ name: 'images', filename: '../../../etc/passwd\u0000.jpg', type: 'image/jpeg', body: garbage }])],
    ['heic garbage', type, multipart([{ name: 'photo', filename: 'a.heic', type: 'image/heic', body: garbage }])],
    ['data not JSON', type, multipart([{ name: 'data', body: '{"operation":' }])],
    ['data deep', type, multipart([{ name: 'data', body: deepObjects(5000) }])],
    ['data 1 MB', type, multipart([{ name: 'data', body: `"${'x'.repeat(ONE_MB)}"` }])],
    ['__proto__ field', type, multipart([{ name: '__proto__', body: '{"polluted":1}' }, { name: 'constructor', body: 'x' }])],
    ['40 empty files', type, multipart(Array.from({ length: 40 }, (_, i) => ({ name: 'images', filename: `${i}.jpg`, type: 'image/jpeg', body: '' })))],
    ['200 fields', type, multipart(Array.from({ length: 200 }, (_, i) => ({ name: `f${i}`, body: 'x' })))],
    ['part without headers', type, Buffer.from(`--${BOUNDARY}\r\n\r\nhola\r\n--${BOUNDARY}--\r\n`)],
    ['NUL field name', type, multipart([{ name: 'da\u0000ta', body: dataJson }])],
  ];
}

/**
 * Requests generated from the OpenAPI document over every endpoint and method: valid ones (to reach the handlers)
 * and, mostly, hostile ones — every query and path parameter and every body field replaced by wrong types, huge,
 * negative and non-finite numbers, NUL bytes, 1 MB strings and JSON nested thousands deep; whole bodies that are
 * not JSON, wrong content types, truncated and malformed multipart; the path spelled with encodings, mixed case,
 * doubled slashes and dot segments; methods the path lacks; and requests without a session or without the CSRF
 * header. Deterministic for a seed. Returns at least `perOperation` requests per operation.
 */
export function generateFuzzRequests(doc: OpenApiDocument, options: FuzzOptions): FuzzRequest[] {
  const rnd = createRandom(options.seed);
  const operations = listOperations(doc);
  for (const extra of options.extraOperations ?? []) {
    const pathParams = [...extra.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    operations.push({ method: extra.method.toUpperCase(), path: extra.path, pathParams, query: [], body: undefined });
  }
  const requests: FuzzRequest[] = [];
  const methodsByPath = new Map<string, Set<string>>();
  for (const op of operations) methodsByPath.set(op.path, (methodsByPath.get(op.path) ?? new Set()).add(op.method));

  for (const op of operations) {
    const name = `${op.method} ${op.path}`;
    if (options.only && !name.includes(options.only)) continue;
    const hasBody = op.method !== 'GET' && op.method !== 'HEAD' && op.method !== 'DELETE';
    const out: FuzzRequest[] = [];
    const pathValue = (param: string) => rnd.pick(options.pathValues?.[`${name} ${param}`] ?? options.pathValues?.[param] ?? ['x1']);
    const fillPath = (override?: [string, string]) => op.path.replace(/\{([^}]+)\}/g, (_m, p: string) => (
      override && override[0] === p ? override[1] : encodeURIComponent(pathValue(p))));
    const validQuery = (): [string, string][] => {
      const example = options.queryExamples?.[name];
      if (example) return [...example];
      const pairs: [string, string][] = [];
      for (const q of op.query) {
        if (!q.required && !rnd.chance(0.5)) continue;
        const v = sampleValue(q.schema, rnd);
        pairs.push([q.name, encodeValue(v)]);
      }
      return pairs;
    };
    const validBody = (): unknown => options.bodyExamples?.[name] ?? sampleValue(op.body ?? { type: 'object' }, rnd);
    const add = (label: string, request: Partial<FuzzRequest> & { url: string }) => {
      const r: FuzzRequest = { label, operation: name, method: op.method, headers: {}, as: 'member', ...request };
      if (r.payload !== undefined && !('content-type' in r.headers) && !label.startsWith('no type')) r.headers['content-type'] = 'application/json';
      out.push(r);
    };
    const jsonRequest = (label: string, body: unknown, query = validQuery()) => add(label, {
      url: fillPath() + queryString(query), ...(hasBody ? { payload: toJsonText(body) } : {}),
    });

    // Fixed cases: valid requests, path spellings, other methods, raw bodies, content types, multipart.
    for (let i = 0; i < 3; i++) jsonRequest('valid', validBody());
    for (const [label, transform] of PATH_SPELLINGS) {
      add(`path ${label}`, { url: transform(fillPath()) + queryString(validQuery()), ...(hasBody ? { payload: toJsonText(validBody()) } : {}) });
    }
    for (const method of HTTP_METHODS) {
      if (methodsByPath.get(op.path)?.has(method)) continue;
      add(`method ${method}`, { method, url: fillPath() + queryString(validQuery()), ...(method !== 'GET' && method !== 'OPTIONS' && method !== 'TRACE' ? { payload: '{}' } : {}) });
    }
    add('query 1 MB', { url: fillPath() + queryString([...validQuery(), [op.query[0]?.name ?? 'q', BIG_QUERY]]) });
    add('query __proto__', { url: fillPath() + queryString([...validQuery(), ['__proto__[polluted]', '1'], ['constructor[prototype][x]', '1']]) });
    if (op.query.length) add('query repeated', { url: fillPath() + queryString(op.query.flatMap((q) => [[q.name, 'a'], [q.name, 'b']] as [string, string][])) });
    if (hasBody || op.method === 'DELETE') {
      const valid = toJsonText(validBody());
      for (const [label, payload] of rawBodyCases(valid)) add(`body ${label}`, { url: fillPath() + queryString(validQuery()), payload });
      for (const [label, contentType, payload] of contentTypeCases(valid)) {
        add(`${contentType === undefined ? 'no type' : 'type'} ${label}`, { url: fillPath() + queryString(validQuery()), payload, headers: contentType === undefined ? {} : { 'content-type': contentType } });
      }
      const data = options.bodyExamples?.[name] as { data?: unknown } | undefined;
      for (const [label, contentType, payload] of multipartCases(toJsonText(data?.data ?? validBody()), rnd)) {
        add(`multipart ${label}`, { url: fillPath() + queryString(validQuery()), payload, headers: { 'content-type': contentType } });
      }
      if (options.image && !op.body) {
        for (const field of ['images', 'profilephoto', 'images', 'photo']) {
          const payload = multipart([...(data?.data ? [{ name: 'data', body: toJsonText(data.data) }] : []), { name: field, filename: 'foto.jpg', type: 'image/jpeg', body: options.image }]);
          add(`multipart valid image in ${field}`, { url: fillPath() + queryString(validQuery()), payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
        }
      }
    }
    if (op.method === 'GET') add('method HEAD', { method: 'HEAD', url: fillPath() + queryString(validQuery()) });
    if (op.method === 'GET') add('GET with a body', { url: fillPath() + queryString(validQuery()), payload: deepObjects(5000), headers: { 'content-type': 'application/json' } });

    // Random cases up to perOperation: one parameter or field replaced by a hostile value.
    const hostile = hostileJsonValues();
    const bodyPaths = (body: unknown) => valuePaths(body);
    while (out.length < options.perOperation) {
      const roll = rnd.next();
      if (op.pathParams.length && roll < 0.2) {
        const param = rnd.pick(op.pathParams);
        const value = rnd.pick(HOSTILE_TEXT);
        add(`path ${param}=${value.slice(0, 20)}`, { url: fillPath([param, value]) + queryString(validQuery()), ...(hasBody ? { payload: toJsonText(validBody()) } : {}) });
      } else if (op.query.length && (roll < 0.55 || !hasBody)) {
        const q = rnd.pick(op.query);
        const pairs = validQuery().filter(([k]) => k !== q.name);
        const value = rnd.chance(0.8) ? rnd.pick(HOSTILE_TEXT) : encodeValue(rnd.pick(hostile.filter((h) => typeof h !== 'string' || h.length < 1000)));
        if (rnd.chance(0.1)) pairs.push([q.name, value], [q.name, rnd.pick(HOSTILE_TEXT)]);
        else if (!rnd.chance(0.05)) pairs.push([q.name, value]);
        add(`query ${q.name}=${value.slice(0, 20)}`, { url: fillPath() + queryString(pairs), ...(hasBody ? { payload: toJsonText(validBody()) } : {}) });
      } else if (hasBody) {
        const body = validBody();
        const paths = bodyPaths(body);
        const value = rnd.pick(hostile);
        const where = paths.length && !rnd.chance(0.08) ? rnd.pick(paths) : [];
        const mutated = rnd.chance(0.1) && body && typeof body === 'object' && !Array.isArray(body)
          ? { ...(body as Record<string, unknown>), [rnd.pick(['extra', '__proto__', 'constructor', 'cuid', 'is_admin'])]: value }
          : withValueAt(body, where, value);
        const shown = typeof value === 'string' ? value.slice(0, 20) : (JSON.stringify(value) ?? '').slice(0, 20);
        jsonRequest(`body ${where.join('.') || '(root)'}=${shown}`, mutated);
      } else {
        const value = rnd.pick(HOSTILE_TEXT);
        add(`extra query ${value.slice(0, 20)}`, { url: fillPath() + queryString([...validQuery(), ['extra', value]]) });
      }
    }

    // Some requests also carry a hostile header (cookies, encodings, ranges, forwarding, language).
    for (const r of out) {
      if (!rnd.chance(0.08)) continue;
      const [header, value] = rnd.pick(HOSTILE_HEADERS);
      r.headers = { ...r.headers, [header]: value };
      r.label += ` + ${header}: ${value.slice(0, 20)}`;
    }

    // Senders: most as the signed-in member; some as a visitor without cookies or without the CSRF header.
    for (const r of out) {
      const roll = rnd.next();
      if (roll < 0.1) r.as = 'visitor';
      else if (roll < 0.16 && r.method !== 'GET') r.as = 'no-csrf';
    }
    requests.push(...out);
  }
  return requests;
}
