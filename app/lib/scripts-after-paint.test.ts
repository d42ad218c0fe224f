import { describe, expect, it } from "vitest";
import { DEFERRED_LINK_ATTRIBUTE, DEFERRED_SCRIPT_TYPE, START_SCRIPTS_AFTER_PAINT, deferModuleScripts } from "./scripts-after-paint";

/** The tail of a document as React renders Remix's `<Scripts nonce>` (links, context script, module script). */
const REMIX_SCRIPTS =
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/vendor-B.js"/>' +
  '<script nonce="abc+/=">window.__remixContext = {};</script>' +
  '<script nonce="abc+/=" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>';

describe("deferModuleScripts", () => {
  it("makes Remix's module loading inert and keeps what the loader needs", () => {
    const { html, links, scripts } = deferModuleScripts(`<html><head><link rel="stylesheet" href="/assets/app.css"/></head><body><h1>x</h1>${REMIX_SCRIPTS}</body></html>`);
    expect({ links, scripts }).toEqual({ links: 2, scripts: 1 });
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(`<link ${DEFERRED_LINK_ATTRIBUTE}="modulepreload" href="/assets/entry.client-A.js"/>`);
    expect(html).toContain(`<script nonce="abc+/=" type="${DEFERRED_SCRIPT_TYPE}" async="">;\nimport * as route0`);
    // The classic scripts (the context the streamed data needs at once) and the stylesheet stay as they were.
    expect(html).toContain('<script nonce="abc+/=">window.__remixContext = {};</script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it("leaves text that only looks like the markup alone (React escapes it)", () => {
    const text = "<p>&lt;link rel=&quot;modulepreload&quot; href=&quot;/x.js&quot;/&gt;</p>";
    expect(deferModuleScripts(text)).toEqual({ html: text, links: 0, scripts: 0 });
  });

  it("defers a module script without a nonce too", () => {
    expect(deferModuleScripts('<script type="module" async="">import("/a.js");</script>').html).toBe(`<script type="${DEFERRED_SCRIPT_TYPE}" async="">import("/a.js");</script>`);
  });
});

describe("START_SCRIPTS_AFTER_PAINT", () => {
  it("is one expression a classic script can run, naming the same markers", () => {
    expect(() => new Function(START_SCRIPTS_AFTER_PAINT)).not.toThrow();
    expect(START_SCRIPTS_AFTER_PAINT).toContain(`link[${DEFERRED_LINK_ATTRIBUTE}]`);
    expect(START_SCRIPTS_AFTER_PAINT).toContain(`script[type="${DEFERRED_SCRIPT_TYPE}"]`);
  });
});
