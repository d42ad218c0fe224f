/**
 * One exchange in full: its request and reply (headers, bodies as pretty JSON), the secure envelope
 * opened (the decrypted JSON beside the raw base64, the key, the signatures, Request-Time and the
 * nonce), what fails validation, why nothing answered it as asked, and the actions on it.
 */
import { useEffect, useState, type ReactNode } from "react";
import { api, ApiError, type ExchangeDetail as Detail, type InspectInfo } from "./api";
import { CommandField, FaultForm, ReplayAction, type Say } from "./Actions";
import { Markers } from "./ExchangeList";
import { clockTime, formatMs, statusClass, statusText } from "./format";
import { JsonView, TextView } from "./JsonView";

type Issue = { path: (string | number)[]; message: string };
type Body = Detail["request"]["body"];
type Envelope = NonNullable<Detail["envelope"]>;

function Headers({ headers, label }: { headers: Record<string, string>; label: string }) {
  const names = Object.keys(headers).sort();
  if (names.length === 0) return <p className="note">No headers.</p>;
  return (
    <>
      <h4>Headers</h4>
      <table className="headers" aria-label={label}>
        <tbody>
          {names.map((name) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{headers[name]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function BodyView({ body, issues }: { body: Body; issues: Issue[] }) {
  if (!body || body.bytes === 0) return <p className="note">No body.</p>;
  return (
    <>
      <h4>Body</h4>
      {body.json !== undefined ? <JsonView value={body.json} issues={issues} /> : <TextView text={body.text} />}
      {body.cut ? (
        <p className="note">
          Only the first {body.limit ?? body.text.length} bytes of {body.bytes} are kept.
        </p>
      ) : null}
    </>
  );
}

/** The decrypted JSON beside the raw base64 it came from. */
function Opened({ opened, raw, issues }: { opened: Envelope["request"]; raw: Body; issues: Issue[] }) {
  return (
    <div className="pair">
      <div>
        <h4>Decrypted</h4>
        {opened.opened !== undefined ? <JsonView value={opened.opened} issues={issues} /> : <p className="note note--danger">Not opened: {opened.error ?? "no key"}</p>}
      </div>
      <div>
        <h4>Raw (base64)</h4>
        {raw && raw.bytes > 0 ? <TextView text={raw.text} /> : <p className="note">No body.</p>}
      </div>
    </div>
  );
}

const SIGNATURE_TEXT = { verified: "signature verified", failed: "signature failed to verify", absent: "no signature", unknown: "signature not checked (no signing secret here)" } as const;
const SIGNATURE_TONE = { verified: "success", failed: "danger", absent: "warn", unknown: "muted" } as const;

function Check({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <li className={`check check--${tone}`}>
      <span className="check__mark" aria-hidden="true">
        {tone === "success" ? "✓" : tone === "danger" ? "✕" : "•"}
      </span>
      <span>{children}</span>
    </li>
  );
}

function EnvelopeFacts({ envelope, onOpen }: { envelope: Envelope; onOpen: (seq: number) => void }) {
  const { key, signature, requestTime, nonce } = envelope;
  const skew = requestTime.skewMs;
  return (
    <ul className="checks">
      <Check tone={key.recovered ? "success" : "danger"}>
        {key.recovered ? "Symmetric key recovered" : "Symmetric key not recovered"}
        <span className="check__detail">{key.detail}</span>
      </Check>
      <Check tone={SIGNATURE_TONE[signature.request]}>Request: {SIGNATURE_TEXT[signature.request]}</Check>
      {/* An error reply goes unsigned: its absence is no warning. The server's summary adds only why nothing was checked. */}
      <Check tone={signature.reply === "absent" ? "muted" : SIGNATURE_TONE[signature.reply]}>
        Reply: {SIGNATURE_TEXT[signature.reply]}
        {signature.request === "unknown" || signature.reply === "unknown" ? <span className="check__detail">{signature.detail}</span> : null}
      </Check>
      <Check tone={skew === undefined ? "muted" : Math.abs(skew) > 300_000 ? "danger" : "success"}>
        Request-Time {requestTime.value ?? "absent"}
        {skew !== undefined ? `, skew ${skew > 0 ? "+" : ""}${skew} ms` : ""}
        <span className="check__detail">{requestTime.detail}</span>
      </Check>
      <Check tone={nonce.reusedFrom !== undefined ? "danger" : nonce.value ? "success" : "muted"}>
        Nonce {nonce.value ?? "absent"}
        {nonce.reusedFrom !== undefined ? (
          <>
            {", reused from "}
            <button type="button" className="link" onClick={() => onOpen(nonce.reusedFrom as number)}>
              #{nonce.reusedFrom}
            </button>
          </>
        ) : nonce.value ? (
          ", not reused"
        ) : (
          ""
        )}
        <span className="check__detail">{nonce.detail}</span>
      </Check>
    </ul>
  );
}

function Issues({ issues, what }: { issues: Issue[]; what: string }) {
  if (issues.length === 0) return <p className="note">The {what} matches its declaration.</p>;
  return (
    <ul className="issues" aria-label={`Failing fields of the ${what}`}>
      {issues.map((issue, i) => (
        <li key={i}>
          <code className="issue__path">{issue.path.length > 0 ? issue.path.join(".") : "(the body)"}</code> {issue.message}
        </li>
      ))}
    </ul>
  );
}

interface Props {
  seq: number;
  info: InspectInfo;
  say: Say;
  onOpen: (seq: number) => void;
  onBack: () => void;
  /** Filters the list to the calls made for one mall request (one page load). */
  onRequestId: (requestId: string) => void;
}

export function ExchangeDetail({ seq, info, say, onOpen, onBack, onRequestId }: Props) {
  const [state, setState] = useState<{ seq: number; detail?: Detail; error?: string } | undefined>(undefined);

  useEffect(() => {
    let live = true;
    api.detail(seq).then(
      (detail) => live && setState({ seq, detail }),
      (error: unknown) => {
        if (live) setState({ seq, error: error instanceof ApiError && error.status === 404 ? `Exchange #${seq} has left the ring.` : String(error instanceof Error ? error.message : error) });
      },
    );
    return () => {
      live = false;
    };
  }, [seq]);

  // The Back button stays the same element while the detail loads, so the focus put on it stays.
  return (
    <div className="detail">
      <button type="button" className="button back" id="detail-back" onClick={onBack}>
        ← Back to the list
      </button>
      {!state || state.seq !== seq ? (
        <p className="note" aria-busy="true">
          Loading #{seq}…
        </p>
      ) : state.detail ? (
        <Loaded detail={state.detail} info={info} say={say} onOpen={onOpen} onRequestId={onRequestId} />
      ) : (
        <p className="note note--danger">{state.error}</p>
      )}
    </div>
  );
}

function Loaded({ detail, info, say, onOpen, onRequestId }: { detail: Detail; info: InspectInfo; say: Say; onOpen: (seq: number) => void; onRequestId: (requestId: string) => void }) {
  const query = new URLSearchParams(detail.query).toString();
  const validation = detail.validation;
  const envelope = detail.envelope;
  return (
    <article className="detail__body" aria-labelledby="detail-title">
      <header className="detail__head">
        <h2 id="detail-title">
          <span className={`method method--${detail.method.toLowerCase()}`}>{detail.method}</span> <span className="detail__path">{detail.path + (query ? `?${query}` : "")}</span>
        </h2>
        <dl className="facts">
          <div>
            <dt>Exchange</dt>
            <dd>#{detail.seq}</dd>
          </div>
          <div>
            <dt>Time</dt>
            <dd>{clockTime(detail.at)}</dd>
          </div>
          {detail.name ? (
            <div>
              <dt>{detail.kind === "secure" ? "Function" : "Endpoint"}</dt>
              <dd>{detail.name}</dd>
            </div>
          ) : null}
          <div>
            <dt>Status</dt>
            <dd className={`status status--${statusClass(detail.status)}`}>{statusText(detail.status)}</dd>
          </div>
          <div>
            <dt>Latency</dt>
            <dd>{formatMs(detail.ms)}</dd>
          </div>
          {detail.member ? (
            <div>
              <dt>Member</dt>
              <dd>{detail.member}</dd>
            </div>
          ) : null}
          {detail.requestId ? (
            <div className="facts__request">
              <dt>Request id</dt>
              <dd>
                <code>{detail.requestId}</code>{" "}
                <button type="button" className="link" onClick={() => onRequestId(detail.requestId!)}>
                  Show only this page load
                </button>
              </dd>
            </div>
          ) : null}
        </dl>
        <Markers exchange={detail} />
      </header>

      {detail.nearMiss ? (
        <section className="panel panel--warn" aria-labelledby="near-title">
          <h3 id="near-title">Near miss</h3>
          <p>{detail.nearMiss.message}</p>
          {detail.nearMiss.closest.length > 0 ? (
            <ul className="closest" aria-label="Closest endpoints">
              {detail.nearMiss.closest.map((candidate, i) => (
                <li key={i}>
                  <code>
                    {candidate.method} {candidate.path}
                  </code>
                  {candidate.name ? ` (${candidate.name})` : ""}
                  {candidate.differs.length > 0 ? `: differs in ${candidate.differs.join(", ")}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      {envelope ? (
        <section className="panel" aria-labelledby="envelope-title">
          <h3 id="envelope-title">Secure envelope</h3>
          <EnvelopeFacts envelope={envelope} onOpen={onOpen} />
        </section>
      ) : null}

      {validation ? (
        <section className={`panel${validation.request.length + validation.reply.length > 0 ? " panel--danger" : ""}`} aria-labelledby="validation-title">
          <h3 id="validation-title">Validation</h3>
          {validation.request.length + validation.reply.length === 0 ? (
            <p className="note">The request and the reply match their declaration, {validation.against}.</p>
          ) : (
            <>
              <p className="note">Against {validation.against}</p>
              <h4>Request</h4>
              <Issues issues={validation.request} what="request" />
              <h4>Reply</h4>
              <Issues issues={validation.reply} what="reply" />
            </>
          )}
        </section>
      ) : null}

      <section className="panel" aria-labelledby="request-title">
        <h3 id="request-title">Request</h3>
        <Headers headers={detail.request.headers} label="Request headers" />
        {envelope ? <Opened opened={envelope.request} raw={detail.request.body} issues={validation?.request ?? []} /> : <BodyView body={detail.request.body} issues={validation?.request ?? []} />}
      </section>

      <section className="panel" aria-labelledby="reply-title">
        <h3 id="reply-title">Reply</h3>
        <Headers headers={detail.reply.headers} label="Reply headers" />
        {envelope ? <Opened opened={envelope.reply} raw={detail.reply.body} issues={validation?.reply ?? []} /> : <BodyView body={detail.reply.body} issues={validation?.reply ?? []} />}
      </section>

      <section className="panel" aria-labelledby="actions-title">
        <h3 id="actions-title">Send it again</h3>
        <CommandField label="curl command" copyLabel="Copy as curl" command={detail.commands.curl} say={say} />
        <CommandField label="mcoin command" copyLabel="Copy as mcoin command" command={detail.commands.mcoin} say={say} />
        <ReplayAction key={detail.seq} seq={detail.seq} say={say} />
      </section>

      <section className="panel" aria-labelledby="fault-title">
        <h3 id="fault-title">Add fault</h3>
        <FaultForm key={detail.seq} info={info} exchange={detail} say={say} />
      </section>
    </article>
  );
}
