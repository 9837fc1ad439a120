import 'server-only';
import QRCode from 'qrcode';

/**
 * A QR code of an address, as an SVG data URL for an `<img>` (the CSP allows `data:` images; no markup of ours is
 * injected into the page). Drawn on the server by `qrcode`, so no script reaches the browser for it. Error correction M:
 * still readable when a corner is smudged or the print is small.
 */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
    color: { dark: '#222222', light: '#ffffff' },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
