// Test only: the embedded chDB engine behind ClickHouse's HTTP interface, as much of it as @clickhouse/client uses, so
// the server adapter's transport, bound parameters, settings and formats run against the real engine where no
// ClickHouse server can be installed. Listens on 127.0.0.1 only. chDB binds one data directory per process, so the shim
// runs in the test's process and owns its directory; a chDB store opened in that process must use the same one.
//
// Each request runs on a chDB connection of its own (connections at one directory share the engine) that holds the
// server defaults below, then the request's settings, and nothing else: a connection serves again only a request with
// the very same settings, and never after a SET or USE statement, so nothing leaks from one request into the next.
// Supported: POST and GET on / with the query in the URL (`query`), the body or both (an INSERT's data follows it),
// `param_<name>` values in ClickHouse's text form, settings as URL parameters, `default_format`, `database`, `query_id`,
// basic auth or X-ClickHouse-User/Key, gzip request bodies, GET /ping; errors as ClickHouse's text with its status
// and X-ClickHouse-Exception-Code. Not supported: sessions, multipart parameters, compressed responses, progress
// headers, and the refusal of several statements in one request.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Session, version } from 'chdb';

/**
 * A server's defaults where they differ from chDB's, or where servers and profiles differ among themselves: what the
 * shim answers with unless a request says otherwise. A setting the adapter forgot to pin then shows in the tests as it
 * would on such a server (quoted 64-bit integers, ISO times, another time zone, asynchronous mutations, …).
 */
export const SERVER_DEFAULTS: Readonly<Record<string, string>> = {
  output_format_json_quote_64bit_integers: '1',
  output_format_json_quote_decimals: '1',
  date_time_output_format: 'iso',
  date_time_input_format: 'basic',
  session_timezone: 'Asia/Kolkata',
  input_format_skip_unknown_fields: '0',
  join_use_nulls: '1',
  mutations_sync: '0',
  lightweight_deletes_sync: '0',
  deduplicate_insert: 'enable',
  deduplicate_insert_select: 'enable_even_for_bad_queries',
};

export interface ClickHouseShimOptions {
  dataDir: string;
  /** Credentials every request must carry; none checked when unset. */
  user?: string;
  password?: string;
  /** Replaces SERVER_DEFAULTS. */
  serverDefaults?: Readonly<Record<string, string>>;
  /** 0 (the default) for any free port. */
  port?: number;
}

export interface ClickHouseShim {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Requests answered so far, errors included. */
  readonly requests: number;
  close(): Promise<void>;
}

/** URL parameters that are not settings. */
const REQUEST_PARAMETERS = new Set(['query', 'database', 'default_format', 'query_id', 'session_id', 'session_timeout', 'session_check', 'user', 'password', 'quota_key', 'role', 'compress', 'decompress', 'buffer_size']);
/** Settings of the HTTP layer itself: the shim answers when the query is done anyway, uncompressed. */
const HTTP_SETTINGS = new Set([
  'wait_end_of_query',
  'send_progress_in_http_headers',
  'http_headers_progress_interval_ms',
  'http_response_buffer_size',
  'enable_http_compression',
  'http_zlib_compression_level',
  'http_native_compression_disable_checksumming_on_decompress',
  'add_http_cors_header',
  'cancel_http_readonly_queries_on_client_close',
]);

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ENGINE_VERSION = String(version().libchdb).replace(/"/g, '');

class ShimError extends Error {
  constructor(
    readonly code: number,
    readonly type: string,
    message: string,
  ) {
    super(`Code: ${code}. DB::Exception: ${message}. (${type})`);
  }
}

export async function startClickHouseShim(options: ClickHouseShimOptions): Promise<ClickHouseShim> {
  // Held for the shim's life: while one connection is open the engine stays loaded, and each request's opens at once.
  const base = new Session(options.dataDir);
  const defaults = options.serverDefaults ?? SERVER_DEFAULTS;
  /** Connections free for another request, by their database and settings. */
  const idle = new Map<string, Session[]>();
  let requests = 0;

  // A server takes a URL (its bound parameters) of up to 1 MiB (http_max_uri_size); Node's default stops at 16 KB.
  const server = createServer({ maxHeaderSize: 1 << 20 }, (request, response) => {
    requests += 1;
    handle(request, response).catch((error: unknown) => sendError(response, error, ''));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const queryId = url.searchParams.get('query_id') ?? randomUUID();
    try {
      if (url.pathname === '/ping' && request.method === 'GET') return send(response, 200, 'Ok.\n', {});
      if (url.pathname !== '/') throw new ShimError(1002, 'UNKNOWN_EXCEPTION', `The shim does not serve ${url.pathname}`);
      if (request.method !== 'GET' && request.method !== 'POST') throw new ShimError(1002, 'UNKNOWN_EXCEPTION', `The shim does not serve ${request.method}`);
      checkCredentials(request, url);
      const body = await readBody(request);
      const inUrl = url.searchParams.get('query') ?? '';
      const sql = inUrl && body ? `${inUrl}\n${body}` : inUrl || body;
      if (!sql.trim()) return send(response, 200, 'Ok.\n', {});

      const settings: Record<string, string> = { ...defaults };
      // As a server: a GET may only read.
      if (request.method === 'GET') settings.readonly = '2';
      const params: Record<string, unknown> = {};
      const types = placeholderTypes(sql);
      for (const [key, value] of url.searchParams) {
        if (key.startsWith('param_')) params[key.slice(6)] = parameterValue(value, types.get(key.slice(6)));
        else if (!REQUEST_PARAMETERS.has(key) && !HTTP_SETTINGS.has(key)) settings[key] = value;
      }
      const format = url.searchParams.get('default_format') ?? 'TabSeparated';
      const result = await run(sql, params, settings, url.searchParams.get('database'), format);
      const summary = { read_rows: String(result.rowsRead), read_bytes: String(result.bytesRead), written_rows: '0', written_bytes: '0', total_rows_to_read: '0', result_rows: '0', result_bytes: '0', elapsed_ns: String(Math.round(result.elapsed * 1e9)) };
      send(response, 200, Buffer.from(result.bytes()), { 'X-ClickHouse-Query-Id': queryId, 'X-ClickHouse-Format': format, 'X-ClickHouse-Summary': JSON.stringify(summary) });
    } catch (error) {
      sendError(response, error, queryId);
    }
  }

  function checkCredentials(request: IncomingMessage, url: URL): void {
    if (options.user === undefined) return;
    let user = url.searchParams.get('user') ?? String(request.headers['x-clickhouse-user'] ?? '');
    let password = url.searchParams.get('password') ?? String(request.headers['x-clickhouse-key'] ?? '');
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      [user, password] = colon < 0 ? [decoded, ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
    }
    if (user !== options.user || password !== (options.password ?? '')) {
      throw new ShimError(516, 'AUTHENTICATION_FAILED', `${user || 'default'}: Authentication failed: password is incorrect, or there is no user with such name`);
    }
  }

  async function run(sql: string, params: Record<string, unknown>, settings: Record<string, string>, database: string | null, format: string) {
    const key = JSON.stringify([database, settings]);
    const session = idle.get(key)?.pop() ?? (await connect(settings, database));
    let reusable = !/^\s*(SET|USE)\b/i.test(sql);
    try {
      return Object.keys(params).length ? await session.queryBindAsync(sql, params, { format }) : await session.queryAsync(sql, { format });
    } catch (error) {
      reusable = false;
      throw error;
    } finally {
      if (reusable) idle.set(key, [...(idle.get(key) ?? []), session]);
      else session.close();
    }
  }

  async function connect(settings: Record<string, string>, database: string | null): Promise<Session> {
    const session = new Session(options.dataDir);
    try {
      if (database) {
        if (!NAME.test(database)) throw new ShimError(81, 'UNKNOWN_DATABASE', `Database ${database} does not exist`);
        await session.queryAsync(`USE ${database}`);
      }
      const entries = Object.entries(settings);
      for (const [name] of entries) if (!NAME.test(name)) throw new ShimError(115, 'UNKNOWN_SETTING', `Unknown setting '${name}'`);
      if (entries.length) await session.queryAsync(`SET ${entries.map(([name, value]) => `${name} = '${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(', ')}`);
      return session;
    } catch (error) {
      session.close();
      throw error;
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of [...idle.values()].flat()) session.close();
      base.close();
    },
  };
}

function send(response: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=UTF-8', ...headers });
  response.end(body);
}

function sendError(response: ServerResponse, error: unknown, queryId: string): void {
  const code = error instanceof ShimError ? error.code : Number((error as { clickhouseCode?: unknown }).clickhouseCode ?? 1002);
  let message = error instanceof Error ? error.message : String(error);
  if (!/^Code: \d+\. /.test(message)) message = `Code: ${code}. DB::Exception: ${message}. (UNKNOWN_EXCEPTION)`;
  if (response.headersSent) return void response.destroy();
  send(response, statusOf(code), `${message} (version ${ENGINE_VERSION} (chDB shim))\n`, { 'X-ClickHouse-Exception-Code': String(code), 'X-ClickHouse-Query-Id': queryId });
}

/** The HTTP status a server gives an error code, for the codes Foldline can meet; the rest are 500 there too. */
function statusOf(code: number): number {
  if ([164, 192, 193, 497, 516].includes(code)) return 403; // READONLY, UNKNOWN_USER, WRONG_PASSWORD, ACCESS_DENIED, AUTHENTICATION_FAILED
  if ([6, 26, 27, 38, 41, 42, 43, 47, 53, 62, 72, 73, 115, 117, 456, 457].includes(code)) return 400; // parse errors, syntax, types, settings, parameters
  if ([46, 50, 56, 60, 81].includes(code)) return 404; // unknown function, type, storage, table, database
  if (code === 48) return 501; // NOT_IMPLEMENTED
  return 500;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  let body = Buffer.concat(chunks);
  const encoding = request.headers['content-encoding'];
  if (encoding === 'gzip') body = gunzipSync(body);
  else if (encoding) throw new ShimError(1002, 'UNKNOWN_EXCEPTION', `The shim does not read ${encoding} bodies`);
  if (/^multipart\//i.test(request.headers['content-type'] ?? '')) throw new ShimError(1002, 'UNKNOWN_EXCEPTION', 'The shim does not read multipart parameters');
  return body.toString('utf8');
}

/** The declared type of each `{name:Type}` placeholder. */
function placeholderTypes(sql: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const match of sql.matchAll(/\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([^}]+)\}/g)) types.set(match[1]!, match[2]!.trim());
  return types;
}

/**
 * A `param_<name>` value as the engine should receive it. The HTTP interface passes the text to the engine as it
 * came; chDB's binder takes JavaScript values and writes that text itself (strings escaped, arrays as literals), so
 * the text is read back into the value that chDB writes the same way.
 */
function parameterValue(text: string, type: string | undefined): unknown {
  if (text === '\\N') return null;
  if (type && /^(Array|Tuple|Map)\s*\(/.test(type)) return new LiteralReader(text).readAll();
  return unescape(text);
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', '0': '\0' };
/** ClickHouse's escaped text form: backslash escapes, any other escaped character as itself. */
function unescape(text: string): string {
  return text.replace(/\\(.)/gs, (_, char: string) => ESCAPES[char] ?? char);
}

/** chDB writes an object of this class name as a tuple literal. */
class TupleParam {
  constructor(readonly values: unknown[]) {}
}

/** Reads a literal as @clickhouse/client writes composite parameters: [..], (..), {k:v}, quoted strings, numbers, NULL. */
class LiteralReader {
  private at = 0;
  constructor(private readonly text: string) {}

  readAll(): unknown {
    const value = this.read();
    this.skipSpace();
    if (this.at !== this.text.length) this.fail();
    return value;
  }

  private read(): unknown {
    this.skipSpace();
    const char = this.text[this.at];
    if (char === '[') return this.list(']');
    if (char === '(') return new TupleParam(this.list(')'));
    if (char === '{') return new Map(this.list('}', true) as Array<[unknown, unknown]>);
    if (char === "'") return this.string();
    const word = /^(NULL|TRUE|FALSE|[-+]?(?:inf|nan|\d[\d.]*(?:e[-+]?\d+)?))/i.exec(this.text.slice(this.at))?.[1];
    if (!word) this.fail();
    this.at += word.length;
    const upper = word.toUpperCase();
    if (upper === 'NULL') return null;
    if (upper === 'TRUE' || upper === 'FALSE') return upper === 'TRUE';
    if (/^[-+]?\d+$/.test(word) && !Number.isSafeInteger(Number(word))) return BigInt(word);
    return Number(word);
  }

  private list(close: string, pairs = false): unknown[] {
    this.at += 1;
    const items: unknown[] = [];
    this.skipSpace();
    if (this.text[this.at] === close) return (this.at += 1), items;
    for (;;) {
      const item = this.read();
      if (pairs) {
        this.expect(':');
        items.push([item, this.read()]);
      } else items.push(item);
      this.skipSpace();
      if (this.text[this.at] === close) return (this.at += 1), items;
      this.expect(',');
    }
  }

  private string(): string {
    let value = '';
    for (this.at += 1; this.at < this.text.length; this.at += 1) {
      const char = this.text[this.at]!;
      if (char === "'") return (this.at += 1), value;
      if (char === '\\') {
        this.at += 1;
        const next = this.text[this.at] ?? '';
        value += ESCAPES[next] ?? next;
      } else value += char;
    }
    return this.fail();
  }

  private expect(char: string): void {
    this.skipSpace();
    if (this.text[this.at] !== char) this.fail();
    this.at += 1;
  }

  private skipSpace(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at += 1;
  }

  private fail(): never {
    throw new ShimError(26, 'CANNOT_PARSE_QUOTED_STRING', `Cannot parse the parameter value ${JSON.stringify(this.text)} at ${this.at}`);
  }
}
