/** Where pictures are shown from (picture.ts): through the mall unless its route would refuse them. */
import { describe, expect, it } from "vitest";
import { pictureSrc } from "./picture";

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
