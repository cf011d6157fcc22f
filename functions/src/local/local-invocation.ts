import type {
  EffectiveFunctionOptions,
  FunctionInput,
  FunctionOutput,
  HttpRequest,
  HttpRequestParams,
  HttpRequestUser,
  InvocationContext,
  InvocationContextExtraInputs,
  InvocationContextExtraOutputs,
} from '@azure/functions';
import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';

/**
 * The local host's `HttpRequest` and `InvocationContext`: classes that
 * implement the `@azure/functions` types member for member, so every handler
 * runs unchanged here and under the Functions host.
 *
 * Why not the library's own classes: they are compiled with down-levelled
 * private fields, i.e. one WeakMap entry per field per object (six per
 * request). Under load those ephemeron entries kept young objects alive through
 * scavenges and made every young-generation collection several times slower;
 * measured with `npm run bench` and --trace-gc, these two classes were the
 * difference between about 0.4 and 0.5 of a bare node:http server's throughput.
 *
 * The fetch `Request` behind the body is built only when the body is read:
 * constructing one costs more than the rest of a request's handling, and most
 * requests (GETs, refusals before the body) never need it.
 */
export class LocalHttpRequest implements HttpRequest {
  #headers: Headers | undefined;
  #native: Request | undefined;
  #query: URLSearchParams | undefined;

  constructor(
    readonly method: string,
    readonly url: string,
    /** Node's flat [name, value, name, value, …] list; the IncomingMessage itself is not kept. */
    private readonly rawHeaders: readonly string[],
    readonly params: HttpRequestParams,
    private readonly bodyStream: Readable | undefined,
    /** The socket's peer, appended to X-Forwarded-For as a trusted front end would. */
    private readonly remoteAddress: string | undefined,
  ) {}

  get headers(): Headers {
    if (!this.#headers) {
      const headers = new Headers();
      const raw = this.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
      if (this.remoteAddress) headers.append('x-forwarded-for', this.remoteAddress);
      this.#headers = headers;
    }
    return this.#headers;
  }

  get query(): URLSearchParams {
    if (!this.#query) {
      const queryAt = this.url.indexOf('?');
      this.#query = new URLSearchParams(queryAt < 0 ? '' : this.url.slice(queryAt + 1));
    }
    return this.#query;
  }

  /** The local host runs behind no App Service or Static Web Apps authentication. */
  get user(): HttpRequestUser | null {
    return null;
  }

  get body(): HttpRequest['body'] {
    return this.native().body as HttpRequest['body'];
  }

  get bodyUsed(): boolean {
    return this.#native?.bodyUsed ?? false;
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.native().arrayBuffer();
  }

  blob(): ReturnType<HttpRequest['blob']> {
    return this.native().blob() as ReturnType<HttpRequest['blob']>;
  }

  formData(): ReturnType<HttpRequest['formData']> {
    return this.native().formData() as ReturnType<HttpRequest['formData']>;
  }

  json(): Promise<unknown> {
    return this.native().json();
  }

  text(): Promise<string> {
    return this.native().text();
  }

  clone(): HttpRequest {
    const copy = new LocalHttpRequest(
      this.method,
      this.url,
      this.rawHeaders,
      { ...this.params },
      undefined,
      this.remoteAddress,
    );
    copy.#native = this.native().clone();
    return copy;
  }

  private native(): Request {
    this.#native ??= new Request(this.url, {
      method: this.method,
      headers: this.headers,
      ...(this.bodyStream
        ? {
            body: NodeReadable.toWeb(this.bodyStream) as unknown as ReadableStream<Uint8Array>,
            // Required by fetch's Request for a streamed body.
            duplex: 'half',
          }
        : {}),
    } as ConstructorParameters<typeof Request>[1]);
    return this.#native;
  }
}

export type LocalLogLevel = 'trace' | 'debug' | 'information' | 'warning' | 'error' | 'critical';
export type LocalLogHandler = (level: LocalLogLevel, ...args: unknown[]) => void;

const HTTP_OPTIONS: EffectiveFunctionOptions = {
  trigger: { name: 'httpTrigger', type: 'httpTrigger' },
  extraInputs: [],
  extraOutputs: [],
};

class ExtraBindings implements InvocationContextExtraInputs, InvocationContextExtraOutputs {
  readonly #values: Record<string, unknown> = {};

  get(inputOrName: FunctionInput | FunctionOutput | string): unknown {
    return this.#values[typeof inputOrName === 'string' ? inputOrName : inputOrName.name];
  }

  set(outputOrName: FunctionOutput | string, value: unknown): void {
    this.#values[typeof outputOrName === 'string' ? outputOrName : outputOrName.name] = value;
  }
}

export class LocalInvocationContext implements InvocationContext {
  #extraInputs: ExtraBindings | undefined;
  #extraOutputs: ExtraBindings | undefined;
  readonly options: EffectiveFunctionOptions = HTTP_OPTIONS;
  retryContext = undefined;
  traceContext = undefined;
  triggerMetadata = undefined;

  constructor(
    public invocationId: string,
    public functionName: string,
    private readonly logHandler: LocalLogHandler,
  ) {}

  get extraInputs(): InvocationContextExtraInputs {
    return (this.#extraInputs ??= new ExtraBindings());
  }

  get extraOutputs(): InvocationContextExtraOutputs {
    return (this.#extraOutputs ??= new ExtraBindings());
  }

  log(...args: unknown[]): void {
    this.logHandler('information', ...args);
  }
  trace(...args: unknown[]): void {
    this.logHandler('trace', ...args);
  }
  debug(...args: unknown[]): void {
    this.logHandler('debug', ...args);
  }
  info(...args: unknown[]): void {
    this.logHandler('information', ...args);
  }
  warn(...args: unknown[]): void {
    this.logHandler('warning', ...args);
  }
  error(...args: unknown[]): void {
    this.logHandler('error', ...args);
  }
}
