import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ListLink, isPlainClick } from "./list-link";

const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };

describe("which taps on a list link the router follows", () => {
  it("a plain primary tap in the same window", () => {
    expect(isPlainClick(click, "")).toBe(true);
    expect(isPlainClick(click, "_self")).toBe(true);
  });

  it("leaves modifier keys, other buttons, other targets and handled taps to the browser", () => {
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) expect(isPlainClick({ ...click, [key]: true }, "")).toBe(false);
    expect(isPlainClick({ ...click, button: 1 }, "")).toBe(false);
    expect(isPlainClick(click, "_blank")).toBe(false);
    expect(isPlainClick({ ...click, defaultPrevented: true }, "")).toBe(false);
  });
});

describe("a list link's anchor", () => {
  it("carries the caller's attributes, its address and Remix's discovery mark, and its children", () => {
    const html = renderToStaticMarkup(
      createElement(ListLink, { to: "/coupon_details/7", className: "offer-card", "aria-label": "An offer", "data-offer-id": 7 } as never, createElement("span", null, "Latte")),
    );
    expect(html).toBe('<a class="offer-card" aria-label="An offer" data-offer-id="7" href="/coupon_details/7" data-discover="true"><span>Latte</span></a>');
  });

  it("never lets a caller's own address or handlers stand in for the list's", () => {
    const html = renderToStaticMarkup(createElement(ListLink, { to: "/search", href: "https://elsewhere.example/" } as never));
    expect(html).toBe('<a href="/search" data-discover="true"></a>');
  });
});
