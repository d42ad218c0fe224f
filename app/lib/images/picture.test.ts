/** Where pictures are shown from (picture.ts): through the mall unless its route would refuse them. */
import { describe, expect, it } from "vitest";
import { pictureLoad, pictureSrc } from "./picture";

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
