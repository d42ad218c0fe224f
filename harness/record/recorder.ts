/**
 * The recording proxy behind `mcoin record` (cli/commands/record.ts): it forwards each call to the
 * environment's gateway (./forward.ts) and writes the exchange as a replayable recording (./exchange.ts),
 * and refuses (does not write) one in which the secret scan (harness/redaction) still finds
 * something. With a HAR file it also rewrites the session there after each exchange, redacted and
 * scanned the same way. The pictures a written reply points at are kept beside it (./pictures.ts). A watcher (the traffic inspector, harness/inspector) may see each exchange and
 * answer its own paths; what the recorder says goes to the log its caller gives.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { HarnessError } from "#harness/errors";
import { harDocument, harEntry, writeHar, type HarEntry, type HarExchange } from "#harness/recording";
import { KnownSecrets, describeFindings, exchangeFields, redactKnown, replaceKnownPersonal, type Finding, type Pseudonyms, type RedactionRule } from "#harness/redaction";
import { findLeaks, record, slug, type Exchange, type Hiding } from "./exchange";
import { forward } from "./forward";
import { PictureKeep } from "./pictures";
import { RecordingRoles } from "./roles";

/** Paths forwarded but never recorded (see the recording server below). */
const NOT_RECORDED = /^\/(__sandbox|oauth)\//;
/** Paths forwarded but not shown to the watcher: the sandbox's controls and pictures. */
const NOT_WATCHED = /^\/(__sandbox|static)\//;

/** Where the recorder says what it did, a line at a time (the CLI escapes them for its terminal). */
export interface RecorderLog {
  /** A file written, a file redacted again: not said when quiet. */
  info(lines: readonly string[]): void;
  /** What was refused and why, what could not be recorded. */
  problem(lines: readonly string[]): void;
}

/** What watches the recorder's traffic and answers its own paths: the traffic inspector (harness/inspector, `recorderInspector`). */
export interface RecorderWatch {
  /** Whether a path is the watcher's: such a request is answered by it, never forwarded. */
  owns(pathname: string): boolean;
  answer(request: IncomingMessage, response: ServerResponse): void;
  /** Each exchange forwarded, but for the sandbox's controls and pictures: the member its token was issued to, and the Host it was sent to. */
  saw(exchange: Exchange, member: string | undefined, host: string | undefined): void;
}

export interface RecorderOptions {
  /** The mCoin API's base URL, and the secure gateway's (the calls under /bservice/ go there). */
  apiBase: string;
  gatewayBase: string;
  /** Opens secure calls so that they replay; without it they are recorded sealed. */
  privateKey: string | undefined;
  /** Whether that key is the sandbox's: a sandbox's demo ciphertexts may then be written in `needs` (./roles.ts). */
  sandboxKey: boolean;
  rules: readonly RedactionRule[];
  /** The stand-ins for the members' personal data (harness/redaction/pseudonyms.ts), made with the caller's key. */
  pseudonyms: Pseudonyms;
  /** The folder of the recordings, and the HAR file when one is kept. */
  out: string;
  harFile: string | undefined;
  /** The HAR's creator version (the CLI's package version). */
  version: string;
  port: number;
  host: string;
  /** No line per exchange (--json). */
  quiet: boolean;
  log: RecorderLog;
  watch?: RecorderWatch;
}

export interface RunningRecorder {
  port: number;
  /** What was written and what refused, in one line. */
  summary(): string;
  /** Each file (or HAR entry) refused, and where its secret is: printed again when the session ends. */
  refusals(): string[];
  /** Stops listening; resolves with whether everything was written (a refusal is worth an exit code). */
  close(): Promise<boolean>;
}

interface Session {
  seq: number;
  written: number;
  refused: number;
  harEntries: HarEntry[];
  harRefused: number;
  files: string[];
  refusals: string[];
}

export async function startRecorder(options: RecorderOptions): Promise<RunningRecorder> {
  const { out, harFile, privateKey, rules, log, watch } = options;
  mkdirSync(out, { recursive: true });
  if (harFile) mkdirSync(dirname(harFile), { recursive: true });
  const bases = { apiBase: options.apiBase, gatewayBase: options.gatewayBase };
  const session: Session = { seq: 0, written: 0, refused: 0, harEntries: [], harRefused: 0, files: [], refusals: [] };
  // The secrets seen so far: each is hidden wherever it turns up afterwards (harness/redaction, KnownSecrets).
  const known = new KnownSecrets((text) => options.pseudonyms.isStandIn(text));
  const hiding: Hiding = { rules, known, pseudonyms: options.pseudonyms };
  const roles = new RecordingRoles(rules, options.sandboxKey);
  const pictures = new PictureKeep({ dir: out, problem: (line) => log.problem([line]) });
  const server = createServer((request, response) => {
    if (watch?.owns(new URL(request.url ?? "/", "http://recorder").pathname)) {
      watch.answer(request, response);
      return;
    }
    forward(request, response, bases, (method, path, query) => moveLocation(options.pseudonyms, method, path, query))
      .then((exchange) => {
        if (watch && !NOT_WATCHED.test(exchange.path)) watch.saw(exchange, roles.needsOf(exchange, undefined)?.member, request.headers.host);
        // The sandbox's controls (a harness resetting it, reading its log) and its stand-in for the
        // wallet app's sign-in page are forwarded, not recorded: they are not the gateway's traffic. A
        // replay asks the sign-in page for a new code itself, and a served recording keeps the page.
        if (NOT_RECORDED.test(exchange.path)) return;
        session.seq += 1;
        roles.learn(exchange);
        const knownBefore = known.size;
        const realsBefore = hiding.pseudonyms.size;
        const { recording, har } = record(exchange, privateKey, hiding, roles);
        // The path as written: a token in it is already a placeholder, in the file name too.
        const path = recording.request.path;
        if (known.size > knownBefore || hiding.pseudonyms.size > realsBefore) redactWritten(session.files, hiding, options);
        const file = join(out, `${String(session.seq).padStart(3, "0")}-${slug(`${exchange.method} ${path}`)}.json`);
        const findings = findLeaks(recording, hiding);
        if (findings.length > 0) {
          session.refused += 1;
          session.refusals.push(...refuse(log, `${exchange.status} ${exchange.method} ${path}: ${basename(file)} not written`, findings));
        } else {
          writeFileSync(file, `${JSON.stringify(recording, null, 2)}\n`);
          session.written += 1;
          session.files.push(file);
          pictures.keepFrom(recording.response.body);
          if (!options.quiet) log.info([`${exchange.status} ${exchange.method} ${path} → ${file}${recording.replayable ? "" : " (not replayable)"}`]);
        }
        if (harFile) addToHar(options, harFile, har, session, hiding);
      })
      .catch((error: unknown) => {
        // The reply may already be on its way (writing the recording failed after it was forwarded):
        // then only the engineer is told; the client got its answer.
        if (response.writableEnded) {
          // Not its URL: it may carry a secret the redaction has not hidden yet.
          log.problem([`recorder: a ${request.method} call was forwarded but not recorded: ${(error as Error).message}`]);
          return;
        }
        if (!response.headersSent) response.writeHead(502, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: 502, msg: `recorder: ${(error as Error).message}` }));
      });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new HarnessError(error.code ?? "START_FAILED", `the recorder could not start: ${error.message}`, { suggestion: error.code === "EADDRINUSE" ? `try --port ${options.port + 1}` : undefined }),
      ),
    );
    server.listen(options.port, options.host, () => resolveListen());
  });
  return {
    port: (server.address() as { port: number }).port,
    summary: () => [summary(session, harFile), pictures.summary()].filter(Boolean).join("; "),
    refusals: () => [...session.refusals],
    close: () =>
      new Promise((resolveClose) => {
        server.closeIdleConnections();
        // The pictures still being fetched are in the folder before it is said to be whole.
        server.close(() => void pictures.settled().then(() => resolveClose(session.refused + session.harRefused === 0)));
      }),
  };
}

/**
 * Says at once what was not written and where the secret is, masked: the engineer adds a rule for
 * it. The lines are kept, so the end of the session repeats them.
 */
function refuse(log: RecorderLog, what: string, findings: Finding[]): string[] {
  const lines = [`refused ${what}: a secret survived redaction`, ...describeFindings(findings).map((line) => `  ${line}`)];
  log.problem([...lines, "hint: add a rule for it (--redact-field NAME or --redact-rules FILE)"]);
  return lines;
}

/**
 * Rewrites the HAR with the new entry, unless the entry leaks: then the file stays as it was. Every
 * entry goes through the secrets known now, so one learnt from a later exchange (a token first seen
 * in a query, then in a sign-in's reply) leaves the earlier entries too.
 */
function addToHar(options: RecorderOptions, file: string, entry: HarExchange, session: Session, hiding: Hiding): void {
  const entries = [...session.harEntries, harEntry(entry)].map((harred) => replaceKnownPersonal(redactKnown(harred, hiding.known).value, hiding.pseudonyms));
  const har = harDocument(entries, options.version);
  const findings = findLeaks(har, hiding);
  if (findings.length > 0) {
    session.harRefused += 1;
    session.refusals.push(...refuse(options.log, `${entry.status} ${entry.method} ${new URL(entry.url).pathname}: ${basename(file)} not rewritten (the exchange is left out of it)`, findings));
    return;
  }
  writeHar(file, har);
  session.harEntries = entries;
}

/**
 * Recordings written before a secret or a member's real value was learnt may hold it (the token of a
 * sign-in the recorder did not see, first sent in a query; an open id in a path before the sign-in
 * that declared it): they are redacted again, in place. Their `needs` keeps its ciphertext: it says
 * whom the recording acts as (a sandbox's demo ciphertext), as the scan lets it.
 */
function redactWritten(files: readonly string[], hiding: Hiding, options: RecorderOptions): void {
  const { known, pseudonyms } = hiding;
  for (const file of files) {
    const recording = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const parts = Object.entries(recording);
    const holds = (key: string, part: unknown) => (key !== "needs" && known.occursIn(JSON.stringify(part)) !== undefined) || pseudonyms.holdsReal(JSON.stringify(part));
    if (!parts.some(([key, part]) => holds(key, part))) continue;
    const redacted = Object.fromEntries(parts.map(([key, part]) => [key, replaceKnownPersonal(key === "needs" ? part : redactKnown(part, known).value, pseudonyms)]));
    writeFileSync(file, `${JSON.stringify(redacted, null, 2)}\n`);
    if (!options.quiet) options.log.info([`redacted again: ${basename(file)} (it held a secret seen since)`]);
  }
}

/**
 * The member's location in a query, moved to the nearest public place before the call is sent on
 * (harness/redaction/pseudonyms.ts): the distances and the order of the reply are then the gateway's
 * for the place the recording names, so that the recording replays as it was, and they do not
 * betray where the member was. The member sees distances from that place while recording.
 */
function moveLocation(pseudonyms: Pseudonyms, method: string, path: string, query: URLSearchParams): void {
  const fields = exchangeFields("api", method, path).query;
  const latKey = fields.find((field) => field.kind === "latitude")?.path[0];
  const lngKey = fields.find((field) => field.kind === "longitude")?.path[0];
  const lat = latKey === undefined ? null : query.get(latKey);
  const lng = lngKey === undefined ? null : query.get(lngKey);
  if (lat === null && lng === null) return;
  const moved = pseudonyms.location(lat ?? undefined, lng ?? undefined);
  if (latKey !== undefined && moved.lat !== undefined) query.set(latKey, String(moved.lat));
  if (lngKey !== undefined && moved.lng !== undefined) query.set(lngKey, String(moved.lng));
}

function summary(session: Session, harFile: string | undefined): string {
  const refused = session.refused > 0 ? `; REFUSED ${session.refused} (not written: a secret survived redaction)` : "";
  const har = harFile ? `; ${session.harEntries.length} in ${harFile}${session.harRefused > 0 ? ` (${session.harRefused} left out)` : ""}` : "";
  return `recorded ${session.written} exchange${session.written === 1 ? "" : "s"}${refused}${har}`;
}
