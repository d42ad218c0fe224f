/**
 * The things the sandbox's pictures are drawn from: flat drawings of dishes, drinks, goods and places,
 * each in its own box centred on (0, 0) and about 100 units wide, so a scene places and scales them
 * (scenes.ts). Each returns SVG markup with no ids, so several can share one picture.
 */

export type Motif = (tone: string) => string;

const INK = "#3a2a22";
const WHITE = "#fff";

const plate = (rx = 46, ry = 13, fill = WHITE) => `<ellipse cx="0" cy="24" rx="${rx}" ry="${ry}" fill="${fill}"/><ellipse cx="0" cy="22" rx="${rx - 10}" ry="${ry - 4}" fill="#f1ece6"/>`;

const steam = (x: number, y: number) => `<path d="M${x} ${y}c-4-6 4-10 0-16M${x + 9} ${y - 2}c-4-6 4-10 0-16" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".8"/>`;

const bowl = (fill: string, food: string, extra = "") =>
  `<path d="M-40 0h80a40 34 0 0 1-80 0z" fill="${fill}"/><ellipse cx="0" cy="0" rx="40" ry="9" fill="${food}"/>${extra}<rect x="-14" y="32" width="28" height="6" rx="3" fill="${fill}"/>`;

const cup = (body: string, drink: string, art = true) =>
  `<path d="M-26-14h52l-6 38a8 8 0 0 1-8 7h-24a8 8 0 0 1-8-7z" fill="${body}"/><path d="M25-6c14 0 14 20 0 20" fill="none" stroke="${body}" stroke-width="6"/><ellipse cx="0" cy="-14" rx="26" ry="6" fill="${drink}"/>` +
  (art ? `<path d="M-8-15c4-5 12-5 16 0-4 3-12 3-16 0z" fill="#f6e6cf"/>` : "") +
  `<ellipse cx="0" cy="33" rx="36" ry="6" fill="${WHITE}" opacity=".9"/>`;

const glass = (drink: string, height = 70, ice = false) =>
  `<path d="M-18-${height / 2}h36l-4 ${height}h-28z" fill="#fff" opacity=".55"/><path d="M-17-${height / 2 - 14}h34l-3 ${height - 16}h-28z" fill="${drink}"/>` +
  (ice
    ? `<rect x="-10" y="-${height / 2 - 18}" width="10" height="10" rx="2" fill="#fff" opacity=".6"/><rect x="2" y="-${height / 2 - 24}" width="10" height="10" rx="2" fill="#fff" opacity=".6" transform="rotate(14 7 ${-height / 2 + 29})"/>`
    : "") +
  `<path d="M6-${height / 2 + 14}l-2 ${height - 10}" stroke="#e74c3c" stroke-width="4" stroke-linecap="round"/>`;

const coin = (x: number, y: number, r: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffd54a" stroke="#e0a100" stroke-width="${r / 8}"/><circle cx="${x}" cy="${y}" r="${r * 0.62}" fill="none" stroke="#e0a100" stroke-width="2"/><rect x="${x - r * 0.16}" y="${y - r * 0.38}" width="${r * 0.32}" height="${r * 0.76}" rx="2" fill="#e0a100"/>`;

export const MOTIFS = {
  chicken: () =>
    plate(52, 15) +
    `<ellipse cx="0" cy="12" rx="36" ry="16" fill="#e8a33c"/><path d="M-24 8c6-16 30-22 44-8 4 6-2 14-10 16-14 4-30 2-34-8z" fill="#c9702a"/><path d="M6-2c8-4 16 0 14 8" stroke="#8d4514" stroke-width="3" fill="none"/>` +
    `<circle cx="-26" cy="18" r="6" fill="#f3d27a"/><circle cx="24" cy="20" r="7" fill="#f3d27a"/><circle cx="-14" cy="24" r="5" fill="#f3d27a"/><path d="M30 10l8-4M-34 10l-6-5" stroke="#4caf50" stroke-width="4" stroke-linecap="round"/>`,
  paella: () =>
    `<path d="M-62 6h-14M62 6h14" stroke="#2b2b2b" stroke-width="7" stroke-linecap="round"/><ellipse cx="0" cy="10" rx="60" ry="22" fill="#2b2b2b"/><ellipse cx="0" cy="7" rx="54" ry="18" fill="#f2b830"/>` +
    `<path d="M-30 2c4-6 10-6 12 0-2 4-8 4-12 0zM10-4c4-6 10-6 12 0-2 4-8 4-12 0zM-6 12c4-6 10-6 12 0-2 4-8 4-12 0z" fill="#f06a3c"/><ellipse cx="28" cy="10" rx="9" ry="5" fill="#2c2c44"/><ellipse cx="-42" cy="10" rx="8" ry="5" fill="#2c2c44"/><path d="M36 0l10 4-6 6z" fill="#ffe77a"/><circle cx="-14" cy="-2" r="2" fill="#4caf50"/><circle cx="18" cy="16" r="2" fill="#4caf50"/><circle cx="-34" cy="2" r="2" fill="#4caf50"/>`,
  fritters: () =>
    plate(52, 15) +
    `<ellipse cx="-22" cy="14" rx="13" ry="9" fill="#c98a2e"/><ellipse cx="2" cy="8" rx="13" ry="9" fill="#d89a3a"/><ellipse cx="24" cy="16" rx="13" ry="9" fill="#c98a2e"/><ellipse cx="-4" cy="22" rx="13" ry="9" fill="#b97a24"/>` +
    `<path d="M34 0a12 12 0 0 1 14 14z" fill="#ffe066" stroke="#e6b800" stroke-width="2"/>`,
  feast: () =>
    `<ellipse cx="0" cy="22" rx="62" ry="17" fill="#fff"/><ellipse cx="0" cy="18" rx="44" ry="12" fill="#e8a33c"/><path d="M-20 14c6-12 26-16 36-4-6 8-30 10-36 4z" fill="#c9702a"/>` +
    `<g transform="translate(-52 -18) scale(.45)">${bowl("#fff", "#f7f3ea")}</g><g transform="translate(52 -18) scale(.45)">${bowl("#fff", "#f7f3ea")}</g><g transform="translate(-18 -30) scale(.4)">${bowl("#fff", "#8fc16a")}</g><g transform="translate(18 -30) scale(.4)">${bowl("#fff", "#f2b830")}</g>`,
  eggTarts: () =>
    `<rect x="-52" y="-20" width="104" height="56" rx="6" fill="#f7e4c4"/><rect x="-52" y="-20" width="104" height="10" rx="4" fill="#e9caa0"/>` +
    [-34, 0, 34]
      .flatMap((x) =>
        [0, 22].map(
          (y) =>
            `<ellipse cx="${x}" cy="${y}" rx="15" ry="9" fill="#c8872f"/><ellipse cx="${x}" cy="${y - 1}" rx="11" ry="6" fill="#ffd451"/><ellipse cx="${x + 3}" cy="${y - 2}" rx="4" ry="2" fill="#a8541c" opacity=".6"/>`,
        ),
      )
      .join(""),
  porkBun: () =>
    `<g transform="translate(-22 0)">${plate(40, 12)}<path d="M-30 12c0-20 60-20 60 0z" fill="#e2a85a"/><path d="M-32 14h64v4h-64z" fill="#b5652a"/><path d="M-30 18c0 8 60 8 60 0z" fill="#d99a4c"/><path d="M-20 6l4-3m10 2l4-3m10 2l4-3" stroke="#c58840" stroke-width="2"/></g>` +
    `<g transform="translate(36 -4)">${glass("#c8905a", 72, true)}</g>`,
  congee: () =>
    bowl(
      "#fff",
      "#f7f3ea",
      `<circle cx="-12" cy="-2" r="3" fill="#6ab04c"/><circle cx="8" cy="1" r="3" fill="#6ab04c"/><circle cx="2" cy="-4" r="4" fill="#c0694a"/><circle cx="-22" cy="2" r="3" fill="#c0694a"/>`,
    ) +
    `<path d="M-40 0h80" stroke="#d64f3a" stroke-width="3"/>${steam(-6, -16)}<g transform="translate(46 18) rotate(-12)"><rect x="-26" y="-6" width="52" height="10" rx="5" fill="#d9963f"/><rect x="-26" y="4" width="52" height="10" rx="5" fill="#c98530"/></g>`,
  wonton: () =>
    [-30, 30]
      .map(
        (x) =>
          `<g transform="translate(${x} 6) scale(.72)">${bowl(
            "#fff",
            "#f5d98f",
            `<path d="M-30 0c8-6 14 6 22 0s14 6 22 0 14 6 18 0" stroke="#f0c35b" stroke-width="3" fill="none"/><circle cx="-12" cy="-2" r="7" fill="#fbeede"/><circle cx="10" cy="-1" r="7" fill="#fbeede"/><circle cx="-1" cy="3" r="7" fill="#fbeede"/>`,
          )}<path d="M-40 0h80" stroke="#2f80c4" stroke-width="3"/></g>`,
      )
      .join("") + steam(-34, -16),
  roeNoodles: () =>
    `<g transform="translate(-16 0)">${plate(46, 14)}<path d="M-32 14c8-10 16 6 24-4s16 8 24-2 12 6 16 2" stroke="#f1c86a" stroke-width="5" fill="none"/><path d="M-28 20c8-10 16 6 24-4s16 8 24-2" stroke="#e9bb55" stroke-width="5" fill="none"/>` +
    [-20, -8, 4, 14, -2, 20].map((x, i) => `<circle cx="${x}" cy="${10 + (i % 3) * 4}" r="2" fill="#e0572b"/>`).join("") +
    `</g><g transform="translate(42 14) scale(.5)">${bowl("#fff", "#e8c98a")}</g>`,
  lattes: () => `<g transform="translate(-30 0) scale(.85)">${cup("#fff", "#b07a4a")}</g><g transform="translate(32 8) scale(.85)">${cup("#fff", "#b07a4a")}</g>`,
  pourOver: () =>
    `<g transform="translate(-30 0)"><path d="M-22-30h44l-12 24h-20z" fill="#d7a86e"/><path d="M-18-30h36" stroke="#b9874a" stroke-width="4" stroke-linecap="round"/><path d="M-16-6h32v40a6 6 0 0 1-6 6h-20a6 6 0 0 1-6-6z" fill="#fff" stroke="#9e8b7a" stroke-width="2"/><path d="M-16 14h32v20a6 6 0 0 1-6 6h-20a6 6 0 0 1-6-6z" fill="#6b3e1f"/></g>` +
    `<g transform="translate(34 6)"><path d="M-20-14h40v42h-40z" fill="#3b3b3b" rx="6"/><path d="M20-8c10 0 12-12 22-20" stroke="#3b3b3b" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M-20-8c-10 0-10 20 0 20" stroke="#3b3b3b" stroke-width="5" fill="none"/><rect x="-8" y="-22" width="16" height="8" rx="3" fill="#3b3b3b"/></g>`,
  teaStand: () =>
    `<path d="M0-44v80" stroke="#c9a227" stroke-width="3"/><circle cx="0" cy="-46" r="4" fill="#c9a227"/>` +
    [
      [-18, 26],
      [2, 32],
      [22, 38],
    ]
      .map(
        ([y, rx]) =>
          `<ellipse cx="0" cy="${y}" rx="${rx}" ry="5" fill="#fff"/>` +
          Array.from(
            { length: 3 },
            (_, i) => `<rect x="${-rx + 6 + i * ((rx * 2 - 12) / 3)}" y="${y! - 9}" width="${(rx! * 2 - 12) / 3 - 3}" height="8" rx="3" fill="${["#f4a7b9", "#f7d774", "#9ad0a1"][i]}"/>`,
          ).join(""),
      )
      .join("") +
    `<g transform="translate(46 30) scale(.5)">${cup("#fff", "#b5651d", false)}</g>`,
  beans: () =>
    `<path d="M-30-40h60l6 80h-72z" fill="#8a5a3b"/><path d="M-30-40h60l-4 10h-52z" fill="#6f452b"/><rect x="-18" y="-14" width="36" height="30" rx="4" fill="#f3e3c9"/><ellipse cx="0" cy="0" rx="8" ry="11" fill="#6f452b"/><path d="M0-10c-3 6 3 14 0 20" stroke="#f3e3c9" stroke-width="2" fill="none"/>` +
    [
      [48, 30],
      [60, 20],
      [40, 40],
      [-48, 34],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="6" ry="8" fill="#5a3620" transform="rotate(30 ${x} ${y})"/>`)
      .join(""),
  coffeePass: (tone: string) =>
    `<rect x="-56" y="-36" width="112" height="72" rx="10" fill="#fff"/><rect x="-56" y="-36" width="112" height="18" rx="10" fill="${tone}"/><rect x="-56" y="-26" width="112" height="8" fill="${tone}"/>` +
    Array.from({ length: 10 }, (_, i) => {
      const x = -44 + (i % 5) * 22;
      const y = -6 + Math.floor(i / 5) * 22;
      return `<circle cx="${x}" cy="${y}" r="9" fill="${i < 3 ? tone : "#f1e7dc"}"/><path d="M${x - 4} ${y - 2}h8l-1 6h-6z" fill="#fff"/>`;
    }).join(""),
  croissantCoffee: () =>
    `<g transform="translate(-32 8)">${plate(40, 12)}<path d="M-30 16c0-20 16-30 30-30s30 10 30 30c-8-6-14-6-18 0-4-8-20-8-24 0-4-6-10-6-18 0z" fill="#e0a045"/><path d="M-14 0c2 6 2 10 0 16M0-8v22M14 0c-2 6-2 10 0 16" stroke="#b8731f" stroke-width="3" fill="none"/></g><g transform="translate(38 0) scale(.8)">${cup("#fff", "#8a5a3b")}</g>`,
  icedLatte: () =>
    `<g transform="scale(1.3)"><path d="M-20-36h40l-5 72h-30z" fill="#fff" opacity=".7" stroke="#fff" stroke-width="3"/><path d="M-19-20h38l-2 26h-34z" fill="#f3e6d3"/><path d="M-17 6h34l-2 28h-30z" fill="#8a5a3b"/><rect x="-10" y="-16" width="10" height="10" rx="2" fill="#fff" opacity=".8"/><rect x="4" y="-12" width="10" height="10" rx="2" fill="#fff" opacity=".8"/><path d="M8-50l-4 70" stroke="#2e7d32" stroke-width="4" stroke-linecap="round"/></g>`,
  cake: () =>
    `<ellipse cx="0" cy="36" rx="56" ry="9" fill="#fff"/><path d="M-46 2h92v30a46 10 0 0 1-92 0z" fill="#f6c8d4"/><ellipse cx="0" cy="2" rx="46" ry="10" fill="#fff3f6"/><path d="M-46 14c10 8 20-4 30 4s20-4 30 4 20-4 32 2" stroke="#fff" stroke-width="4" fill="none"/>` +
    [-24, -8, 8, 24]
      .map((x) => `<rect x="${x - 2}" y="-20" width="4" height="18" rx="2" fill="${x < 0 ? "#5dade2" : "#f5b041"}"/><path d="M${x} -30c4 4 3 8 0 9-3-1-4-5 0-9z" fill="#ffb300"/>`)
      .join("") +
    `<circle cx="-30" cy="4" r="4" fill="#e74c3c"/><circle cx="32" cy="5" r="4" fill="#e74c3c"/>`,
  mangoPancakes: () =>
    plate(54, 15) +
    [-20, 20]
      .map(
        (x) => `<path d="M${x - 18} 20c-4-22 40-22 36 0z" fill="#fff8e7"/><path d="M${x - 14} 14c4-8 24-8 28 0" stroke="#ffc53d" stroke-width="6" stroke-linecap="round" fill="none" opacity=".85"/>`,
      )
      .join("") +
    `<path d="M40 4l10-6M44 10l10-2" stroke="#4caf50" stroke-width="4" stroke-linecap="round"/>`,
  cappuccinoTart: () =>
    `<g transform="translate(-30 0) scale(.85)">${cup("#fff", "#c08552")}</g><g transform="translate(36 16)"><ellipse cx="0" cy="14" rx="30" ry="8" fill="#fff"/><ellipse cx="0" cy="8" rx="22" ry="12" fill="#c8872f"/><ellipse cx="0" cy="6" rx="16" ry="8" fill="#ffd451"/><ellipse cx="4" cy="4" rx="6" ry="3" fill="#a8541c" opacity=".6"/></g>`,
  fruitBox: () =>
    `<path d="M-54-4h108l-10 44h-88z" fill="#c98a4a"/><path d="M-54-4h108" stroke="#a86d33" stroke-width="4"/><path d="M-44 12h88M-40 26h80" stroke="#a86d33" stroke-width="2" opacity=".6"/>` +
    `<circle cx="-30" cy="-12" r="14" fill="#e53935"/><circle cx="-4" cy="-16" r="15" fill="#fb8c00"/><circle cx="24" cy="-12" r="14" fill="#fdd835"/><circle cx="42" cy="-8" r="6" fill="#8e44ad"/><circle cx="48" cy="-14" r="6" fill="#8e44ad"/><circle cx="40" cy="-18" r="6" fill="#9b59b6"/>` +
    `<path d="M-30-26l4-8M-4-31l2-8" stroke="#5d4037" stroke-width="3"/><path d="M-26-30c6-6 12-4 12 0-6 2-10 2-12 0z" fill="#43a047"/><path d="M-54-4c20-24 88-24 108 0" stroke="#a86d33" stroke-width="4" fill="none"/>`,
  cleaning: () =>
    `<g transform="translate(-30 0)"><path d="M-16-16h32v52a6 6 0 0 1-6 6h-20a6 6 0 0 1-6-6z" fill="#4fc3f7"/><path d="M-8-34h16v18h-16z" fill="#0288d1"/><path d="M8-32h14v6h-14z" fill="#0288d1"/><rect x="-10" y="2" width="20" height="18" rx="3" fill="#fff" opacity=".8"/></g>` +
    `<g transform="translate(20 8)"><rect x="-16" y="-24" width="32" height="56" rx="8" fill="#81c784"/><rect x="-7" y="-32" width="14" height="10" rx="2" fill="#388e3c"/><rect x="-10" y="-4" width="20" height="16" rx="3" fill="#fff" opacity=".8"/></g>` +
    `<g transform="translate(56 28)"><rect x="-16" y="-8" width="32" height="16" rx="4" fill="#ffd54f"/><rect x="-16" y="-8" width="32" height="6" rx="3" fill="#66bb6a"/></g><circle cx="-54" cy="-24" r="5" fill="#fff" opacity=".8"/><circle cx="-46" cy="-34" r="3" fill="#fff" opacity=".8"/>`,
  milk: () =>
    [-22, 22]
      .map(
        (x) =>
          `<g transform="translate(${x} 0)"><path d="M-17-22h34v58h-34z" fill="#fff"/><path d="M-17-22l8-16h18l8 16z" fill="#e3f2fd"/><rect x="-5" y="-44" width="10" height="8" fill="#1e88e5"/><rect x="-17" y="-4" width="34" height="22" fill="#1e88e5"/><path d="M-10 8c4-6 8 4 12-2s8 4 8 0" stroke="#fff" stroke-width="2" fill="none"/></g>`,
      )
      .join(""),
  rice: () =>
    `<path d="M-40-34c10-6 70-6 80 0l6 70c-30 8-62 8-92 0z" fill="#f5efe0"/><path d="M-40-34c10 8 70 8 80 0" stroke="#d8c9a8" stroke-width="3" fill="none"/><rect x="-28" y="-8" width="56" height="30" rx="4" fill="#2e9e5b"/><path d="M-14 8c4-10 10-14 14-14s10 4 14 14" stroke="#fff" stroke-width="3" fill="none"/><path d="M0-6v18" stroke="#fff" stroke-width="2"/>` +
    [
      [52, 30],
      [58, 34],
      [48, 36],
      [-52, 34],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="2.5" ry="5" fill="#fff" transform="rotate(50 ${x} ${y})"/>`)
      .join(""),
  massage: () =>
    `<ellipse cx="0" cy="30" rx="52" ry="8" fill="#fff" opacity=".7"/><ellipse cx="-8" cy="18" rx="34" ry="12" fill="#37474f"/><ellipse cx="-6" cy="2" rx="26" ry="10" fill="#455a64"/><ellipse cx="-4" cy="-12" rx="18" ry="8" fill="#546e7a"/>` +
    `<g transform="translate(40 8)"><rect x="-9" y="-20" width="18" height="36" rx="6" fill="#ffca28"/><rect x="-4" y="-30" width="8" height="10" fill="#8d6e63"/></g><path d="M-36-28c-6-14 4-22 10-10M-30-24c8-10 18-4 10 6" fill="#f06292"/>`,
  facial: () =>
    `<g transform="translate(-20 6)"><rect x="-26" y="-6" width="52" height="34" rx="8" fill="#fce4ec"/><rect x="-28" y="-18" width="56" height="14" rx="5" fill="#d94f8a"/><ellipse cx="0" cy="10" rx="14" ry="6" fill="#fff" opacity=".7"/></g>` +
    `<g transform="translate(36 0)"><rect x="-10" y="-10" width="20" height="44" rx="5" fill="#fff"/><rect x="-4" y="-26" width="8" height="16" fill="#d94f8a"/><circle cx="0" cy="-30" r="6" fill="#d94f8a"/></g>` +
    `<circle cx="-52" cy="28" r="9" fill="#aed581"/><circle cx="-52" cy="28" r="6" fill="#dcedc8"/>`,
  footSpa: () =>
    `<path d="M-56-6h112l-10 42h-92z" fill="#a1887f"/><ellipse cx="0" cy="-6" rx="56" ry="12" fill="#8d6e63"/><ellipse cx="0" cy="-6" rx="48" ry="8" fill="#4fc3f7"/>` +
    [
      [-24, -8],
      [-6, -4],
      [14, -8],
      [30, -5],
    ]
      .map(([x, y]) => `<path d="M${x} ${y}c-4-4 0-8 4-6 4-2 8 2 4 6z" fill="#f48fb1"/>`)
      .join("") +
    `<path d="M-44 12h88M-48 24h96" stroke="#795548" stroke-width="2" opacity=".6"/>`,
  nails: () =>
    [
      ["#e91e63", -36],
      ["#9c27b0", 0],
      ["#ff7043", 36],
    ]
      .map(
        ([c, x]) =>
          `<g transform="translate(${x} 4)"><rect x="-12" y="-8" width="24" height="38" rx="6" fill="${c}"/><rect x="-5" y="-32" width="10" height="24" rx="2" fill="#263238"/><rect x="-6" y="2" width="4" height="18" rx="2" fill="#fff" opacity=".5"/></g>`,
      )
      .join(""),
  spaTowels: () =>
    [-26, 26]
      .map(
        (x) =>
          `<g transform="translate(${x} 14)"><rect x="-24" y="-10" width="48" height="26" rx="13" fill="#fff"/><circle cx="-12" cy="3" r="11" fill="#f3e5f5"/><circle cx="-12" cy="3" r="5" fill="#fff"/></g>`,
      )
      .join("") +
    `<g transform="translate(0 -22)"><path d="M0-18c8 8 8 18 0 24-8-6-8-16 0-24z" fill="#f06292"/><path d="M-4 6c-14-2-20-12-18-18 10 0 18 8 18 18zM4 6c14-2 20-12 18-18-10 0-18 8-18 18z" fill="#ec407a"/></g>`,
  ticket: (tone: string) =>
    `<path d="M-56-30h112v20a10 10 0 0 0 0 20v20h-112v-20a10 10 0 0 0 0-20z" fill="#fff"/><path d="M24-30v60" stroke="${tone}" stroke-width="2" stroke-dasharray="4 4"/><rect x="-44" y="-18" width="56" height="36" rx="4" fill="${tone}"/><path d="M-16-10l3 7 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z" fill="#fff"/><circle cx="40" cy="0" r="7" fill="${tone}" opacity=".4"/>`,
  glasses3d: () =>
    `<path d="M-56-8h112" stroke="#212121" stroke-width="6" stroke-linecap="round"/><rect x="-50" y="-12" width="44" height="26" rx="8" fill="#e53935" stroke="#212121" stroke-width="5"/><rect x="6" y="-12" width="44" height="26" rx="8" fill="#1e88e5" stroke="#212121" stroke-width="5"/><path d="M-6 0h12" stroke="#212121" stroke-width="5"/>`,
  popcorn: () =>
    `<path d="M-26-16h52l-8 56h-36z" fill="#fff"/><path d="M-18-16l4 56M0-16v56M18-16l-4 56" stroke="#e53935" stroke-width="7"/>` +
    [-22, -10, 2, 14, 24, -16, -2, 12].map((x, i) => `<circle cx="${x}" cy="${-20 - (i > 4 ? 10 : 0)}" r="${i % 2 ? 8 : 9}" fill="#fff3c4" stroke="#f0d48a" stroke-width="1.5"/>`).join(""),
  drinkCup: () =>
    `<path d="M-18-22h36l-5 58h-26z" fill="#e53935"/><rect x="-20" y="-28" width="40" height="8" rx="3" fill="#fff"/><path d="M4-28l8-20" stroke="#fff" stroke-width="4" stroke-linecap="round"/><path d="M-10 0h20" stroke="#fff" stroke-width="4"/>`,
  bedroom: () =>
    `<rect x="-60" y="-44" width="60" height="46" rx="4" fill="#bde3f7"/><path d="M-60-10c14-6 30 4 60-4v16h-60z" fill="#4aa3df"/><path d="M-30-44v46M-60-20h60" stroke="#fff" stroke-width="3"/><circle cx="-44" cy="-30" r="6" fill="#ffe082"/>` +
    `<rect x="-56" y="4" width="112" height="26" rx="6" fill="#fff"/><rect x="-56" y="20" width="112" height="14" rx="4" fill="#90a4ae"/><rect x="-48" y="-4" width="30" height="14" rx="6" fill="#eceff1"/><rect x="10" y="-12" width="46" height="18" rx="4" fill="#8d6e63"/>`,
  cloche: (tone: string) =>
    `<ellipse cx="0" cy="24" rx="58" ry="10" fill="#fff"/><path d="M-44 22a44 42 0 0 1 88 0z" fill="#cfd8dc"/><path d="M-30 10a34 30 0 0 1 22-24" stroke="#fff" stroke-width="5" fill="none" opacity=".8"/><circle cx="0" cy="-24" r="6" fill="#b0bec5"/><path d="M-50 22h100" stroke="${tone}" stroke-width="3"/>`,
  wineGlass: (drink: string) =>
    `<path d="M-16-34h32c0 22-6 34-16 34s-16-12-16-34z" fill="#fff" opacity=".6"/><path d="M-15-18h30c-2 12-7 18-15 18s-13-6-15-18z" fill="${drink}"/><path d="M0 0v30M-14 32h28" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  teapot: () =>
    `<ellipse cx="0" cy="8" rx="30" ry="24" fill="#fff"/><path d="M28 0c14-4 18-14 22-18" stroke="#fff" stroke-width="7" stroke-linecap="round"/><path d="M-28-2c-16 0-16 22 0 22" stroke="#fff" stroke-width="6" fill="none"/><rect x="-8" y="-22" width="16" height="8" rx="3" fill="#fff"/><path d="M-26 8h52" stroke="#5c9ead" stroke-width="4"/>`,
  suitcase: (tone: string) =>
    `<rect x="-30" y="-34" width="60" height="72" rx="10" fill="${tone}"/><path d="M-12-34v-10h24v10" stroke="#455a64" stroke-width="5" fill="none"/><path d="M-14-24v54M14-24v54" stroke="#fff" stroke-width="4" opacity=".5"/><circle cx="-18" cy="42" r="5" fill="#37474f"/><circle cx="18" cy="42" r="5" fill="#37474f"/>`,
  moon: () => `<path d="M10-20a22 22 0 1 0 16 34 18 18 0 1 1-16-34z" fill="#ffe082"/>`,
  cabin: () =>
    `<rect x="-70" y="10" width="140" height="26" fill="#4fc3f7"/><path d="M-70 36c20-6 40 6 70 0s50-6 70 0v6h-140z" fill="#f7e0a8"/><path d="M-30-10l26-24 26 24z" fill="#c0392b"/><rect x="-24" y="-10" width="40" height="30" fill="#f5e6c8"/><rect x="-8" y="2" width="10" height="18" fill="#8d6e63"/><rect x="6" y="-4" width="8" height="8" fill="#4fc3f7"/>` +
    `<path d="M40 20v-40" stroke="#6d4c41" stroke-width="4"/><path d="M40-20c-12-4-20 2-22 8 8-4 16-4 22-8zM40-20c12-4 20 2 22 8-8-4-16-4-22-8zM40-20c-4-10 2-16 8-18-2 6-4 12-8 18z" fill="#43a047"/>`,
  bbq: () =>
    `<path d="M-44-6h88a44 30 0 0 1-88 0z" fill="#37474f"/><path d="M-48-8h96" stroke="#263238" stroke-width="4"/><path d="M-24 20l-10 20M24 20l10 20M0 22v18" stroke="#263238" stroke-width="4"/>` +
    [-20, 0, 20]
      .map(
        (x) =>
          `<path d="M${x - 16}-14h32" stroke="#8d6e63" stroke-width="2"/><rect x="${x - 12}" y="-19" width="8" height="10" rx="2" fill="#d35400"/><rect x="${x - 2}" y="-19" width="8" height="10" rx="2" fill="#27ae60"/><rect x="${x + 6}" y="-19" width="6" height="10" rx="2" fill="#c0392b"/>`,
      )
      .join("") +
    `<path d="M-8-30c-4-6 4-10 0-16M8-30c-4-6 4-10 0-16" stroke="#fff" stroke-width="3" fill="none" opacity=".7"/>`,
  bicycle: (tone: string) =>
    `<circle cx="-34" cy="16" r="22" fill="none" stroke="#263238" stroke-width="5"/><circle cx="34" cy="16" r="22" fill="none" stroke="#263238" stroke-width="5"/><path d="M-34 16l18-30h36l14 30M-16-14l16 30 20-30M0 16l-22-30" stroke="${tone}" stroke-width="5" fill="none" stroke-linejoin="round"/><path d="M-26-24h20M16-20l6-12h10" stroke="#263238" stroke-width="5" stroke-linecap="round" fill="none"/>`,
  oilCan: () =>
    `<path d="M-34-16h52l14 14v42h-66z" fill="#f9a825"/><rect x="-40" y="-22" width="24" height="8" rx="2" fill="#455a64"/><path d="M32-2l24-14" stroke="#455a64" stroke-width="6" stroke-linecap="round"/><rect x="-24" y="2" width="36" height="24" rx="3" fill="#fff" opacity=".85"/><path d="M-6 6c-6 8-6 14 0 14s6-6 0-14z" fill="#f9a825"/><path d="M58-8c-4 8-4 12 0 12s4-4 0-12z" fill="#6d4c41"/>`,
  fuelPump: (tone: string) =>
    `<rect x="-26" y="-40" width="44" height="80" rx="6" fill="${tone}"/><rect x="-18" y="-32" width="28" height="20" rx="3" fill="#fff"/><path d="M18-20h10v36a6 6 0 0 0 12 0v-30l-8-8" stroke="#37474f" stroke-width="5" fill="none" stroke-linecap="round"/><rect x="-32" y="36" width="56" height="8" rx="3" fill="#37474f"/>`,
  car: (tone: string) =>
    `<path d="M-58 12v-12c0-6 4-10 10-10h8l14-18h44l16 18h12c6 0 10 4 10 10v12z" fill="${tone}"/><path d="M-22-6l10-14h18v14zM10-20h10l12 14h-22z" fill="#e3f2fd"/><circle cx="-32" cy="14" r="11" fill="#263238"/><circle cx="-32" cy="14" r="5" fill="#b0bec5"/><circle cx="32" cy="14" r="11" fill="#263238"/><circle cx="32" cy="14" r="5" fill="#b0bec5"/>`,
  bubbles: () =>
    [
      [-50, -26, 10],
      [-36, -40, 6],
      [44, -30, 9],
      [56, -44, 5],
      [-6, -44, 7],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity=".55" stroke="#fff"/>`)
      .join(""),
  carSeat: (tone: string) =>
    `<path d="M-20-44h30a8 8 0 0 1 8 8l-4 50h-34l-6-50a8 8 0 0 1 6-8z" fill="${tone}"/><path d="M-28 14h56a8 8 0 0 1 8 8v10h-72v-10a8 8 0 0 1 8-8z" fill="${tone}"/><rect x="-12" y="-56" width="22" height="14" rx="5" fill="${tone}"/><path d="M-14-30h22M-14-16h22" stroke="#fff" stroke-width="2" opacity=".4"/>` +
    `<path d="M60-30l-24 24" stroke="#546e7a" stroke-width="7" stroke-linecap="round"/><path d="M34-10l-8 4 4 8 8-4z" fill="#546e7a"/>`,
  bottles: () =>
    `<g transform="translate(-22 0)"><path d="M-12-20c0-10 6-14 6-24h12c0 10 6 14 6 24v58h-24z" fill="#e53935"/><rect x="-7" y="-52" width="14" height="8" fill="#b71c1c"/><rect x="-12" y="0" width="24" height="18" fill="#fff"/></g>` +
    `<g transform="translate(22 4)"><path d="M-12-18c0-8 5-12 5-20h14c0 8 5 12 5 20v52h-24z" fill="#43a047" opacity=".9"/><rect x="-6" y="-46" width="12" height="8" fill="#1b5e20"/><rect x="-12" y="0" width="24" height="16" fill="#fff9c4"/></g>`,
  tyre: () =>
    `<circle cx="-12" cy="0" r="40" fill="#263238"/><circle cx="-12" cy="0" r="22" fill="#90a4ae"/><circle cx="-12" cy="0" r="8" fill="#546e7a"/>` +
    Array.from({ length: 12 }, (_, i) => `<rect x="-16" y="-40" width="8" height="8" fill="#37474f" transform="rotate(${i * 30} -12 0)"/>`).join("") +
    `<g transform="translate(46 14)"><circle cx="0" cy="0" r="16" fill="#fff"/><circle cx="0" cy="0" r="12" fill="none" stroke="#90a4ae" stroke-width="2"/><path d="M0 0l7-6" stroke="#e53935" stroke-width="3" stroke-linecap="round"/><rect x="-3" y="16" width="6" height="20" fill="#455a64"/></g>`,
  washer: (tone: string) =>
    `<g transform="translate(-20 0)"><rect x="-34" y="-44" width="68" height="84" rx="8" fill="#fff"/><rect x="-34" y="-44" width="68" height="16" rx="8" fill="#eceff1"/><circle cx="20" cy="-36" r="4" fill="${tone}"/><circle cx="0" cy="6" r="24" fill="#cfd8dc"/><circle cx="0" cy="6" r="18" fill="#81d4fa"/><path d="M-16 10c6-6 12 4 18-2s10 4 14 0" stroke="#fff" stroke-width="3" fill="none"/></g>` +
    `<g transform="translate(42 20)"><rect x="-20" y="-6" width="40" height="10" rx="3" fill="${tone}"/><rect x="-20" y="6" width="40" height="10" rx="3" fill="#fff"/><rect x="-20" y="18" width="40" height="10" rx="3" fill="#ffe082"/></g>`,
  suit: (tone: string) =>
    `<path d="M0-50c-6 0-6 8 0 8M0-42l-40 18h80z" stroke="#78909c" stroke-width="3" fill="none"/><path d="M-36-24l36 6 36-6 4 68h-80z" fill="${tone}"/><path d="M-8-18l8 30 8-30" fill="#fff"/><path d="M-3-10l3 22 3-22z" fill="#c0392b"/><path d="M-36-24l28 6-8 24zM36-24l-28 6 8 24z" fill="#000" opacity=".15"/><circle cx="0" cy="24" r="2.5" fill="#fff"/>`,
  duvet: () =>
    `<rect x="-54" y="-2" width="108" height="40" rx="12" fill="#fff"/><path d="M-54 18h108" stroke="#e3f2fd" stroke-width="4"/><rect x="-44" y="-26" width="88" height="28" rx="12" fill="#e3f2fd"/><path d="M-44-12h88" stroke="#fff" stroke-width="3"/>`,
  bucket: () =>
    `<path d="M-40-4h80l-8 44h-64z" fill="#b0bec5"/><ellipse cx="0" cy="-4" rx="40" ry="8" fill="#eceff1"/>` +
    [-22, -4, 14, 28]
      .map(
        (x, i) =>
          `<g transform="translate(${x} ${-18 - (i % 2) * 8}) rotate(${(i - 1.5) * 8})"><rect x="-6" y="-6" width="12" height="26" rx="4" fill="#8d6e3f"/><rect x="-3" y="-18" width="6" height="14" fill="#8d6e3f"/><rect x="-6" y="4" width="12" height="8" fill="#fff8e1"/></g>`,
      )
      .join("") +
    `<path d="M-30 4l6 4M20 6l6-4" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
  wineBottle: () =>
    `<path d="M-12-18c0-12 6-14 6-26h12c0 12 6 14 6 26v60h-24z" fill="#5d1a2e"/><rect x="-6" y="-52" width="12" height="10" fill="#b71c1c"/><rect x="-12" y="4" width="24" height="22" rx="2" fill="#f5ecd7"/><path d="M-6 12h12M-6 18h12" stroke="#8d6e63" stroke-width="2"/>`,
  cocktails: () =>
    `<g transform="translate(-26 0)"><path d="M-24-26h48l-24 26z" fill="#ff80ab" opacity=".9"/><path d="M0 0v32M-14 34h28" stroke="#fff" stroke-width="4" stroke-linecap="round"/><circle cx="14" cy="-28" r="6" fill="#c0ca33"/></g>` +
    `<g transform="translate(28 4)"><path d="M-16-32h32l-4 66h-24z" fill="#fff" opacity=".5"/><path d="M-15-16h30l-3 50h-24z" fill="#ffb74d"/><circle cx="12" cy="-30" r="9" fill="#ffd54f"/><path d="M-4-44l6 60" stroke="#fff" stroke-width="3"/></g>`,
  cheeseBoard: () =>
    `<rect x="-60" y="-6" width="120" height="40" rx="10" fill="#b9875a"/><rect x="54" y="6" width="18" height="12" rx="6" fill="#b9875a"/><path d="M-48 18l30-22v22z" fill="#ffd54f"/><circle cx="-30" cy="12" r="3" fill="#ffb300"/>` +
    `<path d="M-6 0c10-6 22-6 30 0-8 8-22 8-30 0zM0 10c10-6 22-6 30 0-8 8-22 8-30 0z" fill="#e57373"/>` +
    [
      [40, 2],
      [46, 10],
      [36, 12],
      [42, 18],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="#7cb342"/>`)
      .join(""),
  tote: (tone: string) =>
    `<path d="M-16-20c0-26 32-26 32 0" stroke="#8d6e63" stroke-width="5" fill="none"/><path d="M-40-20h80l-6 64h-68z" fill="#f5ecd7"/><path d="M-10 16c0-14 20-14 20 0-6 8-14 8-20 0z" fill="${tone}"/><path d="M0 4v20" stroke="${tone}" stroke-width="3"/>`,
  flask: (tone: string) =>
    `<rect x="-18" y="-38" width="36" height="80" rx="14" fill="${tone}"/><rect x="-14" y="-50" width="28" height="14" rx="5" fill="#37474f"/><rect x="-10" y="-28" width="6" height="50" rx="3" fill="#fff" opacity=".35"/>`,
  bedding: () =>
    `<rect x="-50" y="8" width="100" height="14" rx="4" fill="#80cbc4"/><rect x="-50" y="22" width="100" height="14" rx="4" fill="#fff"/><rect x="-50" y="-6" width="100" height="14" rx="4" fill="#b2dfdb"/><rect x="-40" y="-32" width="80" height="26" rx="12" fill="#fff"/><path d="M-30-19h60" stroke="#e0f2f1" stroke-width="3"/>`,
  candle: () =>
    `<rect x="-26" y="-10" width="52" height="50" rx="8" fill="#ede7f6"/><rect x="-26" y="6" width="52" height="18" fill="#b39ddb"/><path d="M0-10v-10" stroke="#37474f" stroke-width="3"/><path d="M0-40c8 10 6 18 0 20-6-2-8-10 0-20z" fill="#ffb300"/>` +
    `<path d="M44 40v-40M44 0l-6-6M44 8l6-6M44 16l-6-6M44 24l6-6" stroke="#7e57c2" stroke-width="3" stroke-linecap="round"/>`,
  voucher: (tone: string) =>
    `<rect x="-64" y="-36" width="128" height="72" rx="10" fill="${tone}"/><path d="M28-36v72" stroke="#fff" stroke-width="2" stroke-dasharray="5 5" opacity=".7"/><circle cx="28" cy="-36" r="7" fill="#fff" opacity=".9"/><circle cx="28" cy="36" r="7" fill="#fff" opacity=".9"/>` +
    coin(48, 0, 12),
  coins: () => coin(-20, 10, 22) + coin(20, 18, 16) + coin(10, -18, 14),
  phone: (tone: string) =>
    `<rect x="-28" y="-52" width="56" height="100" rx="10" fill="#263238"/><rect x="-23" y="-44" width="46" height="84" rx="4" fill="#fff"/><rect x="-18" y="-38" width="36" height="22" rx="4" fill="${tone}"/><rect x="-18" y="-10" width="16" height="14" rx="3" fill="#e3f2fd"/><rect x="2" y="-10" width="16" height="14" rx="3" fill="#fce4ec"/><rect x="-18" y="10" width="16" height="14" rx="3" fill="#e8f5e9"/><rect x="2" y="10" width="16" height="14" rx="3" fill="#fff8e1"/>`,
  bill: () =>
    `<path d="M-22-30h44v64l-7-5-7 5-8-5-8 5-7-5-7 5z" fill="#fff"/><path d="M-14-18h28M-14-8h28M-14 2h18" stroke="#b0bec5" stroke-width="3"/><circle cx="8" cy="18" r="9" fill="#2e9e5b"/><path d="M4 18l3 3 6-6" stroke="#fff" stroke-width="2.5" fill="none"/>`,
  clock: () =>
    `<circle cx="0" cy="4" r="36" fill="#fff" stroke="#e53935" stroke-width="7"/><path d="M0 4v-20M0 4l14 8" stroke="#37474f" stroke-width="5" stroke-linecap="round"/><path d="M-34-26l-10-10M34-26l10-10" stroke="#e53935" stroke-width="8" stroke-linecap="round"/><path d="M-20 40l-6 8M20 40l6 8" stroke="#37474f" stroke-width="5" stroke-linecap="round"/>`,
  bolt: () => `<path d="M6-40l-30 46h20l-8 34 32-48h-20z" fill="#ffd54a" stroke="#e0a100" stroke-width="3" stroke-linejoin="round"/>`,
  skyline: () =>
    `<rect x="-60" y="-6" width="22" height="46" fill="#1565c0"/><rect x="-34" y="-30" width="26" height="70" fill="#1e88e5"/><rect x="-4" y="-48" width="18" height="88" fill="#0d47a1"/><path d="M-4-48l9-14 9 14z" fill="#0d47a1"/><rect x="18" y="-20" width="28" height="60" fill="#1976d2"/><rect x="50" y="4" width="16" height="36" fill="#1565c0"/>` +
    `<path d="M-70 40c20-6 40 6 70 0s50-6 70 0v12h-140z" fill="#4fc3f7"/>`,
  plane: () => `<path d="M-46 6l60-16 18-12c8-4 14 2 10 8l-10 10 30 4-8 8-30-2-24 24h-12l12-24-30 4-10 10h-10l6-14-6-12h10z" fill="#fff"/>`,
  bunting: () =>
    `<path d="M-80-40c40 16 120 16 160 0" stroke="#fff" stroke-width="2" fill="none"/>` +
    [-64, -40, -16, 8, 32, 56]
      .map((x, i) => `<path d="M${x}-34l12 0-6 14z" fill="${["#ffd54f", "#ef5350", "#66bb6a", "#42a5f5", "#ab47bc", "#ffa726"][i]}" transform="translate(0 ${Math.abs(x) < 30 ? 6 : 2})"/>`)
      .join(""),
} satisfies Record<string, Motif>;

export type MotifName = keyof typeof MOTIFS;

/** Draws a motif at (x, y), scaled by `scale`. */
export function place(name: MotifName, x: number, y: number, scale: number, tone: string, rotate = 0): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})${rotate ? ` rotate(${rotate})` : ""}">${MOTIFS[name](tone)}</g>`;
}

export { coin, INK };
