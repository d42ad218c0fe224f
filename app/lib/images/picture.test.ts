/** Where pictures are shown from (picture.ts): through the mall unless its route would refuse them. */
import { describe, expect, it } from "vitest";
import { PICTURE_WIDTHS, pictureLoad, pictureSrc, pictureWidths } from "./picture";

describe("pictureSrc", () => {
  it("brings a web address through the mall", () => {
    expect(pictureSrc("http://127.0.0.1:4110/static/ads/a.svg")).toBe("/resources/picture?src=http%3A%2F%2F127.0.0.1%3A4110%2Fstatic%2Fads%2Fa.svg");
  });

  it("shows an address with a query from its host, and anything else as it is", () => {
    expect(pictureSrc("https://cdn.example/a.jpg?w=200")).toBe("https://cdn.example/a.jpg?w=200");
    expect(pictureSrc("/static/avatars/ana.svg")).toBe("/static/avatars/ana.svg");
    expect(pictureSrc("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
  });
});

describe("pictureLoad", () => {
  const src = "http://127.0.0.1:4110/static/offers/01.svg";
  const address = pictureSrc(src);

  it("asks for a first-screen picture at once and first, before and after the scripts run", () => {
    for (const scriptsRan of [false, true]) {
      expect(pictureLoad(src, true, scriptsRan)).toEqual({ img: { src: address, loading: "eager", decoding: "sync", fetchpriority: "high" }, noscript: null });
    }
  });

  it("gives any other picture no address until the scripts run, with the picture itself for a page without them", () => {
    expect(pictureLoad(src, false, false)).toEqual({ img: { loading: "lazy", decoding: "async" }, noscript: { src: address, loading: "lazy", decoding: "async" } });
  });

  it("then loads it lazily from its address, with nothing for a page without scripts", () => {
    expect(pictureLoad(src, false, true)).toEqual({ img: { src: address, loading: "lazy", decoding: "async" }, noscript: null });
  });
});

describe("pictureWidths", () => {
  const photo = pictureSrc("http://127.0.0.1:4110/static/offers/01.webp");
  const named = (srcSet: string | undefined) => srcSet?.split(", ").map((candidate) => candidate.split(" ")) ?? [];

  it("names the route's widths from the box's own up to a dense phone's, each its address with its width", () => {
    const widths = pictureWidths(photo, 104);
    expect(named(widths?.srcSet)).toEqual([160, 240, 320, 480].map((width) => [`${photo}&w=${width}`, `${width}w`]));
    // 104 px of the 375 px design, which is as wide as the screen.
    expect(widths?.sizes).toBe("27.73vw");
  });

  it("names a screen-wide picture's widths for the screen, and a small logo's from the narrowest", () => {
    const screen = pictureWidths(photo, "screen");
    expect(named(screen?.srcSet).map(([, width]) => width)).toEqual(["480w", "640w", "960w", "1280w"]);
    expect(screen?.sizes).toBe("100vw");
    expect(named(pictureWidths(photo, 32)?.srcSet).map(([, width]) => width)).toEqual(["96w", "160w"]);
    // Wider than every width the route draws: none, the picture as it is.
    expect(pictureWidths(photo, 2000)).toBeNull();
  });

  it("names only widths the route draws", () => {
    for (const box of [1, 32, 52, 96, 104, 136, 375, 700, "screen"] as const) {
      for (const [, width] of named(pictureWidths(photo, box)?.srcSet)) expect(PICTURE_WIDTHS).toContain(Number(width!.slice(0, -1)));
    }
  });

  it("names none for a picture the route serves as it is, or does not bring", () => {
    expect(pictureWidths(pictureSrc("http://127.0.0.1:4110/static/avatars/ana.svg"), 52)).toBeNull();
    expect(pictureWidths(pictureSrc("http://127.0.0.1:4110/static/a.GIF"), 52)).toBeNull();
    expect(pictureWidths(pictureSrc("https://cdn.example/a.jpg?w=200"), 52)).toBeNull();
    expect(pictureWidths("/static/a.webp", 52)).toBeNull();
  });

  it("gives a photograph's box its widths before its address, and none to its copy for a page without scripts", () => {
    const src = "http://127.0.0.1:4110/static/offers/01.webp";
    const widths = pictureWidths(photo, 136)!;
    const first = pictureLoad(src, true, false, 136).img;
    expect(first).toEqual({ ...widths, src: photo, loading: "eager", decoding: "sync", fetchpriority: "high" });
    expect(Object.keys(first).slice(0, 3)).toEqual(["srcSet", "sizes", "src"]);
    expect(pictureLoad(src, false, false, 136)).toEqual({ img: { loading: "lazy", decoding: "async" }, noscript: { src: photo, loading: "lazy", decoding: "async" } });
    expect(pictureLoad(src, false, true, 136)).toEqual({ img: { ...widths, src: photo, loading: "lazy", decoding: "async" }, noscript: null });
  });
});
