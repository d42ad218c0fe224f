/**
 * What a stub's reply is made of (answer.ts makes it, proxy.ts when the call is forwarded), and the
 * request it is made for.
 */
import type { STUB_FAULTS } from "#core/controls/stubs";
import type { TemplateRequest } from "./template";

/** Bytes a Response or a fetch takes as a body. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** A request as a reply reads it: templates read its text, a proxy forwards its bytes. */
export interface ReplyRequest extends Omit<TemplateRequest, "body" | "pathTemplate"> {
  body: Bytes;
}

export type StubReply =
  | { kind: "fault"; fault: (typeof STUB_FAULTS)[keyof typeof STUB_FAULTS] }
  | {
      kind: "reply";
      status: number;
      statusMessage?: string;
      headers: Headers;
      body: Bytes | null;
      /** The body came from `jsonBody`: written as JSON when no content type is named. */
      json: boolean;
      /** The body goes out in this many pieces over this long (chunkedDribbleDelay). */
      dribble?: { chunks: number; totalMs: number };
      /**
       * Not the stub's own body: the reply of the environment the call was forwarded to, or the
       * sandbox's 500 saying why the stub could not answer. Passed on as it is (the secure gateway
       * does not seal it).
       */
      asIs: boolean;
    };
