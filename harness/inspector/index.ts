/**
 * harness/inspector: the traffic inspector's server half: what `mcoin record` and the sandbox keep of
 * each exchange and answer under /__sandbox/inspect, and what the page asks beyond looking (save,
 * send again, HAR). The CLI and the sandbox import it from here only.
 */
export { inspectorActions, type InspectorActionOptions } from "./actions";
export { recorderInspector, type RecorderInspector, type RecorderInspectorOptions } from "./recorder-inspector";
