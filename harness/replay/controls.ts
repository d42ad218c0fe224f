/**
 * A recording's calls to the sandbox's own surface (harness/recording/control-calls.ts) are set apart
 * before a replay sends anything: counted and named on their own, not as skips (they are not the
 * gateway's, so leaving them out leaves nothing of the gateway unchecked), and sent only with
 * `--allow-controls`, since each can rewrite the target's state.
 */
import { isControlPath, sourceOf, type RecordingFile } from "#harness/recording";
import { plural } from "./report";

export interface ControlCall {
  source: string;
  name: string;
  path: string;
}

/** The recordings to send, and the control calls left out (none when `allow`). */
export function controlCallsApart(recordings: readonly RecordingFile[], allow: boolean): { recordings: RecordingFile[]; controls: ControlCall[]; allowed: ControlCall[] } {
  const controls: ControlCall[] = [];
  const kept: RecordingFile[] = [];
  for (const file of recordings) {
    if (!isControlPath(file.recording.request.path)) {
      kept.push(file);
      continue;
    }
    controls.push({ source: sourceOf(file), name: file.recording.name, path: file.recording.request.path });
    if (allow) kept.push(file);
  }
  return allow ? { recordings: kept, controls: [], allowed: controls } : { recordings: kept, controls, allowed: [] };
}

/** What the run says of the control calls it left out. */
export function controlNotice(controls: readonly ControlCall[]): string[] {
  if (controls.length === 0) return [];
  return [
    `${plural(controls.length, "control call of the sandbox was", "control calls of the sandbox were")} not sent (they act on the sandbox, not the gateway; --allow-controls sends them):`,
    ...controls.map((call) => `  - ${call.source} (${call.name})`),
  ];
}

/** The warning before a run that sends them because it was asked to. */
export function controlsSentWarning(allowed: readonly ControlCall[]): string[] {
  if (allowed.length === 0) return [];
  return [`--allow-controls: ${plural(allowed.length, "control call of the sandbox is", "control calls of the sandbox are")} sent as recorded: ${allowed.map((call) => call.source).join(", ")}`];
}
