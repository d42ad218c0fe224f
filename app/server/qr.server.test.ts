import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { qrSvg } from "./qr.server";

/**
 * Rasterises the SVG's dark modules into RGBA pixels. qrcode draws them as one path of horizontal
 * strokes through the modules' middles: `M x y` (absolute), `m dx dy` (relative) and `h length`.
 */
function rasterise(svg: string, scale = 8): { data: Uint8ClampedArray; width: number; height: number } {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  const path = /<path stroke="[^"]+" d="([^"]+)"/.exec(svg)?.[1] ?? "";
  let x = 0;
  let y = 0;
  for (const [, command, first, second] of path.matchAll(/([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?/g)) {
    if (command === "M") [x, y] = [Number(first), Number(second)];
    else if (command === "m") [x, y] = [x + Number(first), y + Number(second)];
    else {
      const row = Math.floor(y);
      for (let column = x; column < x + Number(first); column++) {
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const at = ((row * scale + dy) * width + column * scale + dx) * 4;
            pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
          }
        }
      }
      x += Number(first);
    }
  }
  return { data: pixels, width, height: width };
}

describe("the redemption code's QR code", () => {
  it("is SVG markup that a scanner reads back as the code", async () => {
    const svg = await qrSvg("493812075561");
    expect(svg).toMatch(/^<svg/);
    expect(svg).not.toMatch(/<script/);
    const image = rasterise(svg);
    expect(jsQR(image.data, image.width, image.height)?.data).toBe("493812075561");
  });
});
