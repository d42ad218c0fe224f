/**
 * The sandbox's own surface, which a recording may hold but which is not the gateway's traffic: its
 * controls (`/__sandbox/…`: a reset, a fault, a member's balance set by hand, the inspector's API) and
 * its stand-in for the wallet's sign-in page (`/oauth/…`, which hands out a sign-in for any member).
 * The recorder never writes them (harness/record/recorder.ts); a file that holds one came from
 * elsewhere, and replaying it would act on the target's state, so `mcoin replay` leaves such calls
 * out unless `--allow-controls` and a served recording never serves them.
 *
 * The sandbox's handlers answer these paths under any prefix (`*\/__sandbox/…`), so a segment
 * anywhere in the path counts, after the URL's own normalisation (`/api/../__sandbox`, `%2e%2e`).
 */
const OWN_SEGMENT = /(^|\/)(__sandbox|oauth)(\/|$)/i;

/** Whether a recorded request path is one of the sandbox's own rather than the gateway's. */
export function isControlPath(path: string): boolean {
  let normalised = path;
  try {
    normalised = new URL(path, "http://recording.invalid").pathname;
  } catch {
    // Not a URL path at all: judged as written.
  }
  return [path, normalised, safeDecode(normalised)].some((candidate) => OWN_SEGMENT.test(candidate));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
