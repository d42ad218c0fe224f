/**
 * QR codes of redemption codes, drawn on the server as SVG (the qrcode library): the page gets markup,
 * no script. Error correction M and a quiet zone of two modules, which a till's scanner reads off a
 * phone screen at arm's length.
 */
import QRCode from "qrcode";

export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#1f2329", light: "#ffffff" } });
}
