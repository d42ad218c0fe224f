/** The picture as the server draws it (picture.tsx): its box, and its twin for a page without scripts. */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Picture } from "./picture";

describe("Picture, drawn by the server", () => {
  it("draws a picture below the first screen as a box of its size with no address, and the picture in a <noscript>", () => {
    const html = renderToString(<Picture className="card__image" alt="" width={104} height={65} src="http://127.0.0.1:4110/static/offers/01.svg" />);
    expect(html).toBe(
      '<img class="card__image" alt="" width="104" height="65" loading="lazy" decoding="async"/>' +
        '<noscript><img class="card__image" alt="" width="104" height="65" src="/resources/picture?src=http%3A%2F%2F127.0.0.1%3A4110%2Fstatic%2Foffers%2F01.svg" loading="lazy" decoding="async"/></noscript>',
    );
  });

  it("draws a first-screen picture with its address, asked for first, and nothing for the <noscript>", () => {
    const html = renderToString(<Picture alt="" width={750} height={300} src="http://127.0.0.1:4110/static/ads/a.svg" firstScreen />);
    expect(html).toBe('<img alt="" width="750" height="300" src="/resources/picture?src=http%3A%2F%2F127.0.0.1%3A4110%2Fstatic%2Fads%2Fa.svg" loading="eager" decoding="sync" fetchpriority="high"/>');
  });

  it("draws a photograph with the widths it can be shown at, its own box's by default, and its <noscript> copy with its address alone", () => {
    const src = "http://127.0.0.1:4110/static/offers/01.webp";
    const address = "/resources/picture?src=http%3A%2F%2F127.0.0.1%3A4110%2Fstatic%2Foffers%2F01.webp";
    const first = renderToString(<Picture alt="" width={96} height={60} src={src} firstScreen />);
    expect(first).toBe(
      `<img alt="" width="96" height="60" srcSet="${[96, 160, 240, 320, 480].map((w) => `${address}&amp;w=${w} ${w}w`).join(", ")}" sizes="25.6vw" src="${address}" loading="eager" decoding="sync" fetchpriority="high"/>`,
    );
    const wide = renderToString(<Picture alt="" width={750} height={300} src={src} box="screen" />);
    expect(wide).toBe(
      `<img alt="" width="750" height="300" loading="lazy" decoding="async"/><noscript><img alt="" width="750" height="300" src="${address}" loading="lazy" decoding="async"/></noscript>`,
    );
  });

  it("cannot be closed early by an address from the gateway: a browser with scripts reads a <noscript> as text up to its end tag", () => {
    const hostile = '/x"></noscript><script>alert(1)</script>';
    const html = renderToString(<Picture alt={hostile} width={32} height={32} src={hostile} />);
    expect(html.match(/<\/noscript>/gi)).toHaveLength(1);
    expect(html).not.toContain("<script");
    expect(html.endsWith("</noscript>")).toBe(true);
  });
});
