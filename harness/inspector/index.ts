/**
 * harness/inspector: the traffic inspector's server half. What `mcoin record` and the sandbox keep of
 * each exchange (./ring.ts) and say about it (./analysis.ts), the routes under /__sandbox/inspect on
 * the Fetch API (./http.ts) and on node:http (./node-http.ts, ./recorder-inspector.ts), and what the
 * page asks beyond looking: save, send again, HAR (./actions.ts). The CLI and the sandbox import it
 * from here only.
 */
export { inspectorActions, type InspectorActionOptions } from "./actions";
export { commandsFor, nameOf, openEnvelope, shellQuote, validate, type ExchangeKind, type InspectKeys } from "./analysis";
export { filterOf, inspectorAnswer, inspectorShell, isInspectorPath, matches, type InspectorActions, type InspectorServer, type ListFilter } from "./http";
export { answerOnNode } from "./node-http";
export { recorderInspector, type RecorderInspector, type RecorderInspectorOptions } from "./recorder-inspector";
export { DEFAULT_BODY_LIMIT, DEFAULT_CAPACITY, ExchangeRing, type CapturedExchange, type KeptExchange, type RingEvent, type RingOptions } from "./ring";
