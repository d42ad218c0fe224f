import { describe, expect, it } from "vitest";
import { isPlainClick } from "./list-link";

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
