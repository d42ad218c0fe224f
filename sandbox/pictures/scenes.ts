/**
 * The sandbox's demo pictures, drawn from the catalog's own data (fixtures/catalog.json): each offer,
 * merchant, ad, zone and the Asia Miles product gets an illustration of its own, so a member sees the
 * egg tarts on the egg-tart offer and the merchant's mark beside its name. The pictures carry no words:
 * the mall shows every text in the member's language beside or over them (an amount and a currency
 * code, as on a printed voucher, are the only characters). Each kind has one fixed shape, the one the
 * mall's tiles have: offers and the Asia Miles product 16:10 (320 × 200), logos square (96 × 96),
 * banners 5:2 (750 × 300); everything drawn keeps inside a margin, so no tile cuts it off.
 */
import { MOTIFS, place, type MotifName } from "./motifs";

export const OFFER_SIZE = { width: 320, height: 200 } as const;
export const LOGO_SIZE = { width: 96, height: 96 } as const;
export const BANNER_SIZE = { width: 750, height: 300 } as const;

/** One motif of a scene: what, where (the picture's units), how large, turned by how much. */
export type Placed = [MotifName, number, number, number, number?];

export interface OfferScene {
  /** The things on the table, in front of a wall in the category's tone. */
  subject: Placed[];
  /** A voucher's face value, printed on the voucher. */
  amount?: number;
}

/** Mixes a #rrggbb colour with white (amount 0 … 1 of white). */
export function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => mix(c).toString(16).padStart(2, "0")).join("")}`;
}

/** Darkens a #rrggbb colour (amount 0 … 1 of black). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c * (1 - amount));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => mix(c).toString(16).padStart(2, "0")).join("")}`;
}

/** A small deterministic sequence, so a picture is the same every time it is drawn. */
function seeded(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 10_000) / 10_000;
  };
}

const svg = (width: number, height: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>\n`;

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The light of a photograph, laid over a drawing: a soft key light from the upper left, the corners
 * falling off into shade, the subject lifted off its ground by its own soft shadow, and whatever
 * stands behind it (the confetti) out of focus. SVG filters and gradients are costly to draw, but the
 * mall never draws these: the sandbox serves each picture as the WebP the rasterizer made of it
 * (raster.ts), and the browser only decodes it.
 */
const photoDefs = (own = "") =>
  `<defs>` +
  `<radialGradient id="key" cx=".22" cy=".12" r=".95"><stop offset="0" stop-color="#fff" stop-opacity=".38"/><stop offset=".55" stop-color="#fff" stop-opacity=".06"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
  `<radialGradient id="key-right" cx=".76" cy=".14" r=".7"><stop offset="0" stop-color="#fff" stop-opacity=".3"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
  `<radialGradient id="falloff" cx=".5" cy=".46" r=".78"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".24"/></radialGradient>` +
  `<filter id="lift" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="5" stdDeviation="5" flood-color="#000" flood-opacity=".28"/></filter>` +
  `<filter id="focus" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="1.8"/></filter>` +
  // The picture's own gradients (its table, sky or ground).
  own +
  `</defs>`;

/** What stands behind the subject, out of focus. */
const blurred = (body: string) => `<g filter="url(#focus)">${body}</g>`;

/**
 * The key light and the falloff over the whole picture, above everything drawn. A banner and the Asia
 * Miles hero are lit from the right, over their scene: their left keeps dark for the words the mall
 * sets there.
 */
const light = (width: number, height: number, key: "key" | "key-right" = "key") =>
  `<rect width="${width}" height="${height}" fill="url(#${key})"/><rect width="${width}" height="${height}" fill="url(#falloff)"/>`;

/** Soft confetti of dots and rings near the edges, different for every seed. */
function sprinkle(seed: number, width: number, height: number, colour: string, count: number): string {
  const next = seeded(seed);
  let out = "";
  for (let i = 0; i < count; i++) {
    const side = i % 2 === 0;
    const x = round(side ? next() * width * 0.22 : width * 0.78 + next() * width * 0.2);
    const y = round(10 + next() * height * 0.5);
    const r = round(2 + next() * 5);
    out +=
      i % 3 === 0 ? `<circle cx="${x}" cy="${y}" r="${r + 2}" fill="none" stroke="${colour}" stroke-width="2" opacity=".5"/>` : `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" opacity=".5"/>`;
  }
  return out;
}

const voucherText = (amount: number, x: number, y: number, scale: number) =>
  `<g transform="translate(${x} ${y}) scale(${scale})" font-family="Arial, Helvetica, sans-serif" fill="#fff" font-weight="700"><text x="-52" y="-14" font-size="13" opacity=".9">MOP</text><text x="-52" y="20" font-size="${amount >= 100 ? 34 : 38}">${amount}</text></g>`;

function subject(scene: OfferScene, tone: string, dx = 0, dy = 0, zoom = 1): string {
  return scene.subject
    .map(([name, x, y, scale, rotate]) => {
      const cx = OFFER_SIZE.width / 2 + (x - OFFER_SIZE.width / 2) * zoom + dx;
      const cy = 118 + (y - 118) * zoom + dy;
      let out = place(name, round(cx), round(cy), round(scale * zoom * 100) / 100, tone, rotate);
      if (name === "voucher" && scene.amount !== undefined) out += voucherText(scene.amount, round(cx), round(cy), round(scale * zoom * 100) / 100);
      return out;
    })
    .join("");
}

/**
 * An offer's picture. `variant` 1 is the offer on a table in front of its category's tone; 2 is the
 * same, close up on a deeper ground; 3 is the merchant's shop front, for the third picture of a gallery.
 */
export function offerPicture(input: { id: number; scene: OfferScene; tone: string; merchantTone: string; mark: string; flash?: boolean }, variant: 1 | 2 | 3 = 1): string {
  const { width, height } = OFFER_SIZE;
  const { id, scene, tone } = input;
  const flash = input.flash ? `<g transform="translate(${width - 34} 34)"><circle r="22" fill="#e53935"/><g transform="scale(.42)">${MOTIFS.bolt()}</g></g>` : "";
  if (variant === 3) return svg(width, height, shopFront(input) + flash);
  // A flash-sale offer sells an offer of the catalog: its first picture has the deeper ground and a
  // burst of rays, so the two cards do not look alike side by side.
  const deep = (variant === 2) !== Boolean(input.flash);
  const wall = deep ? tint(tone, 0.45) : tint(tone, 0.82);
  const table = deep ? shade(tone, 0.12) : tint(tone, 0.62);
  const rim = deep ? shade(tone, 0.22) : tint(tone, 0.55);
  const rays = input.flash
    ? `<g transform="translate(${width / 2} 110)" fill="#fff" opacity=".16">${Array.from({ length: 12 }, (_, i) => `<path d="M-9-200L9-200L0 0z" transform="rotate(${i * 30})"/>`).join("")}</g>`
    : "";
  // The table's top catches the light at its back edge and falls into shade towards the camera.
  const tableLight = `<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(table, 0.18)}"/><stop offset="1" stop-color="${shade(table, 0.14)}"/></linearGradient>`;
  let body =
    photoDefs(tableLight) +
    `<rect width="${width}" height="${height}" fill="${wall}"/>` +
    rays +
    blurred(sprinkle(id * 7 + variant, width, height, deep ? tint(tone, 0.7) : tint(tone, 0.55), 7)) +
    `<path d="M0 ${150}h${width}v${height - 150}h-${width}z" fill="url(#table)"/><path d="M0 150h${width}" stroke="${rim}" stroke-width="3"/>` +
    `<ellipse cx="${width / 2}" cy="162" rx="${variant === 1 ? 108 : 124}" ry="12" fill="#000" opacity=".12" filter="url(#focus)"/>`;
  body += `<g class="subject" filter="url(#lift)">${variant === 1 ? subject(scene, input.merchantTone, 0, 0, 1.24) : subject(scene, input.merchantTone, 0, -4, 1.3)}</g>`;
  return svg(width, height, body + light(width, height) + flash);
}

function shopFront(input: { id: number; scene: OfferScene; tone: string; merchantTone: string; mark: string }): string {
  const { width, height } = OFFER_SIZE;
  const tone = input.merchantTone;
  const stripes = Array.from({ length: 8 }, (_, i) => `<path d="M${40 + i * 30} 52h30v22a15 12 0 0 1-30 0z" fill="${i % 2 ? "#fff" : tone}"/>`).join("");
  const [first] = input.scene.subject;
  return (
    photoDefs() +
    `<rect width="${width}" height="${height}" fill="${tint(tone, 0.86)}"/><rect x="0" y="178" width="${width}" height="22" fill="${tint(tone, 0.6)}"/>` +
    `<g class="subject" filter="url(#lift)"><rect x="40" y="30" width="240" height="150" fill="#fffaf3"/><rect x="40" y="30" width="240" height="24" fill="${shade(tone, 0.15)}"/>` +
    `<g transform="translate(160 42) scale(.2) translate(-48 -48)">${input.mark}</g>${stripes}` +
    `<rect x="56" y="90" width="120" height="80" rx="4" fill="${tint(tone, 0.7)}"/><rect x="196" y="90" width="68" height="88" rx="3" fill="${shade(tone, 0.1)}"/><circle cx="206" cy="136" r="3" fill="#fff"/>` +
    (first ? place(first[0], 116, 134, 0.62, tone) : "") +
    `<path d="M24 178c0-16 12-24 16-24s12 8 12 24zM268 178c0-16 12-24 16-24s12 8 12 24z" fill="#4caf50"/></g>` +
    light(width, height)
  );
}

/** A merchant's logo: its mark on a rounded square of its tone. */
export function logoPicture(input: { tone: string; mark: string }): string {
  const { width, height } = LOGO_SIZE;
  return svg(
    width,
    height,
    photoDefs() +
      `<rect width="96" height="96" rx="24" fill="${input.tone}"/><rect width="96" height="96" rx="24" fill="url(#key)"/><rect x="5" y="5" width="86" height="86" rx="20" fill="none" stroke="#fff" stroke-width="2" opacity=".35"/><g class="subject" filter="url(#lift)">${input.mark}</g>`,
  );
}

/**
 * A banner: a scene on the right two fifths, the rest a calm ground in the banner's tone, darker on
 * the left, where the mall sets the headline in the member's language. The scene's own colour (a
 * voucher's, a phone's screen) is the accent unless `ink` says otherwise.
 */
export function bannerPicture(input: { id: number; tone: string; accent: string; subject: Placed[]; ink?: string }): string {
  const { width, height } = BANNER_SIZE;
  const { tone, accent } = input;
  const gid = `b${input.id}`;
  const body =
    photoDefs(
      `<linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(tone, 0.28)}"/><stop offset=".55" stop-color="${tone}"/><stop offset="1" stop-color="${tint(tone, 0.25)}"/></linearGradient>`,
    ) +
    `<rect width="${width}" height="${height}" fill="url(#${gid})"/>` +
    `<circle cx="560" cy="150" r="150" fill="#fff" opacity=".12"/><circle cx="560" cy="150" r="112" fill="#fff" opacity=".1"/>` +
    blurred(sprinkle(input.id * 13, width, height, accent, 10).replace(/cx="(\d+(\.\d+)?)"/g, (m, x) => (Number(x) < width * 0.25 ? `cx="${round(Number(x) + width * 0.55)}"` : m))) +
    `<path d="M0 262c140-22 260 20 420 0s250-24 330-6v44h-750z" fill="#fff" opacity=".1"/>` +
    `<g class="subject" filter="url(#lift)">${input.subject.map(([name, x, y, scale, rotate]) => place(name, x, y, scale, input.ink ?? accent, rotate)).join("")}</g>` +
    light(width, height, "key-right");
  return svg(width, height, body);
}

/** The Asia Miles product: a plane over the clouds, its trail curving across, no words. */
export function milesPicture(): string {
  const { width, height } = OFFER_SIZE;
  const cloud = (x: number, y: number, s: number) =>
    `<g transform="translate(${x} ${y}) scale(${s})" fill="#fff"><circle cx="-18" cy="4" r="14"/><circle cx="2" cy="-6" r="18"/><circle cx="22" cy="4" r="13"/><rect x="-32" y="4" width="66" height="14" rx="7"/></g>`;
  return svg(
    width,
    height,
    photoDefs(`<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b5f73"/><stop offset="1" stop-color="#27a3a3"/></linearGradient>`) +
      `<rect width="${width}" height="${height}" fill="url(#sky)"/>` +
      `<circle cx="250" cy="56" r="26" fill="#ffe08a" opacity=".9"/><circle cx="250" cy="56" r="40" fill="#ffe08a" opacity=".15"/>` +
      cloud(70, 150, 1.2) +
      cloud(250, 168, 1) +
      cloud(178, 130, 0.7) +
      `<path d="M28 176c60-40 110-70 168-82" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="7 8" opacity=".6"/>` +
      `<g class="subject" filter="url(#lift)">${place("plane", 214, 92, 0.9, "#fff", -14)}</g>` +
      // Lit from the sun, on the right: the mall sets the programme's name over the upper left.
      light(width, height, "key-right"),
  );
}
