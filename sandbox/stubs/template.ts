/**
 * WireMock's response templating on the `handlebars` engine: a mapping's body, headers,
 * `bodyFileName` and `proxyBaseUrl` are Handlebars templates over the request (`request.*`), the
 * mapping's `transformerParameters` (`parameters.*`) and WireMock's helpers (template-helpers.ts).
 *
 * As WireMock prints: nothing is HTML-escaped, a request's query parameter or header prints its first
 * value. A template is compiled from the mapping only: what it prints (request text among it) is
 * never compiled again, and Handlebars keeps prototypes out of reach. A template that fails (does not
 * parse, names a helper there is not, a helper refuses its arguments) throws TemplateError, which the
 * answer turns into WireMock's 500.
 */
import Handlebars from "handlebars";
import { templateHelpers } from "./template-helpers";
import { caseless, multiValue } from "./template-values";

/** The request as a template reads it. */
export interface TemplateRequest {
  method: string;
  /** The whole URL the request came to. */
  url: URL;
  headers: Headers;
  /** The body as text (UTF-8). */
  body: string;
  /** The mapping's urlPathTemplate, when it has one: its `{name}`s are `request.path.name`. */
  pathTemplate?: string;
}

export class TemplateError extends Error {
  override name = "TemplateError";
}

/** Compiled templates kept by their text: a mapping folder's, bounded. */
const KEPT = 1000;
const compiled = new Map<string, HandlebarsTemplateDelegate>();

let engine: typeof Handlebars | undefined;
let clock: () => number = Date.now;

/** One engine for the process: the helpers read the clock the sandbox last handed in. */
function theEngine(): typeof Handlebars {
  if (!engine) {
    engine = Handlebars.create();
    engine.registerHelper(templateHelpers(() => clock()));
  }
  return engine;
}

/**
 * What Java's Handlebars reads and JavaScript's does not, made JavaScript's: `a.0` is `a.[0]`, and a
 * decimal given to `math` stays text, so that its scale (1.0 against 1) reaches the helper as it does
 * WireMock's BigDecimal.
 */
function javaSyntax(text: string): string {
  return text.replace(/\{\{[^}]*\}\}/g, (tag) => {
    const indexed = tag.replace(/(?<=[A-Za-z_\]])\.(\d+)(?=[.}\s)])/g, ".[$1]");
    return /^\{\{\s*math\s/.test(indexed) ? indexed.replace(/(?<![\w'".])(-?\d+\.\d+)(?![\w'"])/g, "'$1'") : indexed;
  });
}

function compiledTemplate(text: string): HandlebarsTemplateDelegate {
  let template = compiled.get(text);
  if (!template) {
    template = theEngine().compile(javaSyntax(text), { noEscape: true });
    if (compiled.size >= KEPT) compiled.clear();
    compiled.set(text, template);
  }
  return template;
}

/** The path parameters a urlPathTemplate ("/contacts/{id}") names, read from the path. */
function pathParameters(template: string | undefined, segments: string[]): Record<string, string> {
  if (!template) return {};
  const names = template.split("/").filter(Boolean);
  return Object.fromEntries(names.flatMap((name, at) => (/^\{[^}]+\}$/.test(name) && segments[at] !== undefined ? [[name.slice(1, -1), segments[at]]] : [])));
}

/** WireMock's `request` model. */
function requestModel(request: TemplateRequest): Record<string, unknown> {
  const { url } = request;
  const segments = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  // `{{request.path}}` prints the path; `request.path.[n]` and `request.path.name` read its parts.
  const path = Object.assign(Object.create(null) as object, { ...segments, ...pathParameters(request.pathTemplate, segments) });
  Object.defineProperty(path, "toString", { value: () => url.pathname, enumerable: false });
  const query: Record<string, string[]> = {};
  for (const name of new Set(url.searchParams.keys())) query[name] = multiValue(url.searchParams.getAll(name));
  const headers: Record<string, string[]> = {};
  request.headers.forEach((value, name) => {
    headers[name] = multiValue([value]);
  });
  const cookies: Record<string, string[]> = {};
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) cookies[pair.slice(0, at).trim()] = multiValue([...(cookies[pair.slice(0, at).trim()] ?? []), pair.slice(at + 1).trim()]);
  }
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return {
    url: url.pathname + url.search,
    path,
    pathSegments: segments,
    query,
    method: request.method.toUpperCase(),
    scheme: url.protocol.replace(/:$/, ""),
    host: url.hostname,
    port: Number(port),
    baseUrl: url.origin,
    headers: caseless(headers),
    cookies,
    body: request.body,
    bodyAsBase64: Buffer.from(request.body, "utf8").toString("base64"),
  };
}

/** Renders templates for one request: the same model for each of a mapping's templated fields. */
export function templater(request: TemplateRequest, options: { parameters?: Record<string, unknown>; now?: () => number } = {}): (text: string) => string {
  const model = { request: requestModel(request), parameters: options.parameters ?? {} };
  return (text) => {
    if (!text.includes("{{")) return text;
    clock = options.now ?? Date.now;
    try {
      // A fresh root each time: `assign` and `parseJson`'s variables belong to one template.
      return compiledTemplate(text)({ ...model });
    } catch (error) {
      throw new TemplateError((error as Error).message);
    }
  };
}
