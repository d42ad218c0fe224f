/**
 * `mcoin replay --drift`: each recording sent, the live reply's shape compared with the recording's
 * and with the registry's declaration (./drift.ts), per endpoint; and each endpoint's section of the
 * run's output.
 */
import { SUCCESS_CODE } from "#core/api/define";
import { endpointFor, functionFor } from "#core/api/registry";
import { sourceOf, type RecordingFile } from "#harness/recording";
import { withoutIgnored } from "./compare";
import type { Credentials } from "./credentials";
import { compareShapes, declaredShape, describeDrift, driftFromDeclared, driftFromRecorded, shapeOf, type Drift, type Reference } from "./drift";
import { KeyRing, withIdempotencyKey } from "./keys";
import { plural } from "./report";
import { prepare, send, type Reply } from "./replayer";
import type { ReplayTarget } from "./target";

export interface DriftLine {
  reference: Reference;
  drift: Drift;
  line: string;
}

export interface EndpointReport {
  endpoint: string;
  /** The declaration compared with (an endpoint's name), or null when there is none. */
  declared: string | null;
  recordings: string[];
  drifts: DriftLine[];
  skipped: { source: string; name: string; reason: string }[];
  failed: { source: string; name: string; message: string }[];
}

/** --drift: each recording sent, the live reply's shape compared with the recording's and the declaration's, per endpoint. */
export async function driftReports(target: ReplayTarget, recordings: RecordingFile[], credentials: Credentials, keys = new KeyRing()): Promise<EndpointReport[]> {
  const reports = new Map<string, EndpointReport>();
  for (const file of recordings) {
    const { recording } = file;
    const key = `${recording.request.method.toUpperCase()} ${recording.request.path}`;
    const endpoint = recording.kind === "api" ? endpointFor(recording.request.method, recording.request.path) : undefined;
    const secure = recording.kind === "secure" ? functionFor(recording.request.path) : undefined;
    const secureSchema = secure?.reply;
    const report =
      reports.get(key) ??
      ({
        endpoint: key,
        declared: endpoint ? endpoint.name : secure ? secure.name : null,
        recordings: [],
        drifts: [],
        skipped: [],
        failed: [],
      } satisfies EndpointReport);
    reports.set(key, report);
    report.recordings.push(sourceOf(file));
    const prepared = await prepare(file, credentials);
    if ("reason" in prepared) {
      report.skipped.push({ source: sourceOf(file), name: recording.name, reason: prepared.reason });
      continue;
    }
    let reply: Reply;
    try {
      reply = await send(target, recording, withIdempotencyKey(recording, prepared.request, keys), prepared.placeholders);
    } catch (error) {
      report.failed.push({ source: sourceOf(file), name: recording.name, message: target.failure(error).message });
      continue;
    }
    const found: DriftLine[] = [];
    const add = (reference: Reference, drifts: Drift[]) => found.push(...drifts.map((drift) => ({ reference, drift, line: describeDrift(drift, reference) })));
    if (reply.status !== recording.response.status) {
      add("recorded", [{ path: "(status)", kind: "type", expected: `HTTP ${recording.response.status}`, live: `HTTP ${reply.status}` }]);
    }
    add("recorded", driftFromRecorded(withoutIgnored(recording.response.body, recording.ignore), withoutIgnored(reply.body, recording.ignore)));
    if (endpoint) add("declared", driftFromDeclared(endpoint.data, reply.body, SUCCESS_CODE));
    if (secureSchema) add("declared", compareShapes(declaredShape(secureSchema), shapeOf(reply.body)));
    for (const item of found) if (!report.drifts.some((known) => known.line === item.line)) report.drifts.push(item);
  }
  return [...reports.values()];
}

/** An endpoint's section: its drifts, or that it has none, and what could not be checked. */
export function endpointLines(report: EndpointReport): string[] {
  const declaration = report.declared ? `declared: ${report.declared}` : "no declaration, compared with the recordings only";
  const heading = `${report.endpoint} (${declaration}; ${plural(report.recordings.length, "recording", "recordings")})`;
  const checked = report.recordings.length - report.skipped.length - report.failed.length;
  const verdict = report.drifts.length > 0 ? "" : checked > 0 ? ": no drift" : ": not checked";
  const lines = [`${heading}${verdict}`, ...report.drifts.map((item) => `  ${item.line}`)];
  for (const failure of report.failed) lines.push(`  ✗ ${failure.source}: ${failure.message}`);
  for (const skip of report.skipped) lines.push(`  - ${skip.source} skipped: ${skip.reason}`);
  return lines;
}
