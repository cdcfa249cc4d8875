import QRCode from 'qrcode';

/**
 * The QR code of a property sheet's page (issue 16) as an SVG document: `url` (the listing's canonical URL) encoded
 * with error correction M and a one-module margin, dark modules in `color` ('#rrggbb'). Scales to any size (viewBox).
 */
export async function sheetQrSvg(url: string, color = '#000000'): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: color, light: '#ffffff' } });
}
