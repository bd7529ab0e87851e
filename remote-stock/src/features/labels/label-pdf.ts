import { gtinSymbology } from '@lager/contract';
import { gs1LotText } from '@lager/shared';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { LABEL_PADDING_MM, type LabelLayout, slotOf } from './layouts';
import { type Box, drawBarcode, type Symbology } from './vector-barcode';

/**
 * The PDF of a label print run, made in the browser (this module and its libraries are a lazy
 * chunk, fetched when the user prints). Article labels: name, SKU and the barcode — the article's
 * EAN-13/EAN-8/UPC-A as itself when its check digit holds, else Code 128 of the SKU. Location
 * labels: the code in large type, as Code 128 and as a QR code, and the name.
 */
export type LabelInput =
  | { kind: 'article'; name: string; sku: string; barcode: string | null }
  | { kind: 'location'; code: string; name: string | null }
  /** stock-spec-3 §2: a lot label — GS1-128 `(01) GTIN (17) best-before (10) lot` when the article has a GTIN, else Code 128 of SKU and lot. */
  | { kind: 'lot'; name: string; sku: string; barcode: string | null; lot: string; bestBefore: string | null };

/** What a scanner reads from a label: the symbology and the text, as printed. */
export function labelCodes(label: LabelInput): { symbology: Symbology; text: string }[] {
  if (label.kind === 'location') {
    return [
      { symbology: 'code128', text: label.code },
      { symbology: 'qrcode', text: label.code },
    ];
  }
  const gtin = label.barcode ? gtinSymbology(label.barcode) : null;
  if (label.kind === 'lot') {
    return [
      gtin && label.barcode
        ? {
            symbology: 'gs1_128',
            text: gs1LotText({ gtin: label.barcode, lot: label.lot, bestBefore: label.bestBefore }),
          }
        : { symbology: 'code128', text: `${label.sku} ${label.lot}` },
    ];
  }
  return [gtin && label.barcode ? { symbology: gtin, text: label.barcode } : { symbology: 'code128', text: label.sku }];
}

const MM = 72 / 25.4;

interface PdfOptions {
  /** The first slot to print on (1-based, row by row) of a partly used sheet. */
  start?: number;
  /** The document title (shown by PDF viewers). */
  title?: string;
  /** Called with the number of labels drawn, between batches. */
  onProgress?: (done: number) => void;
}

/** Labels drawn before the work pauses for the page (a spinner keeps turning, a click is answered). */
const BATCH = 25;

export async function labelsPdf(
  labels: readonly LabelInput[],
  layout: LabelLayout,
  { start = 1, title = 'Labels', onProgress }: PdfOptions = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Lager');
  const fonts = {
    regular: writable(await doc.embedFont(StandardFonts.Helvetica)),
    bold: writable(await doc.embedFont(StandardFonts.HelveticaBold)),
  };
  const pages: PDFPage[] = [];
  for (const [index, label] of labels.entries()) {
    if (index > 0 && index % BATCH === 0) {
      onProgress?.(index);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const slot = slotOf(layout, index, start);
    while (pages.length <= slot.page) pages.push(doc.addPage([layout.page.width * MM, layout.page.height * MM]));
    const page = pages[slot.page] as PDFPage;
    const box: Box = {
      x: (slot.x + layout.inset) * MM,
      y: (layout.page.height - slot.y - layout.label.height) * MM,
      width: (layout.label.width - 2 * layout.inset) * MM,
      height: layout.label.height * MM,
    };
    if (label.kind === 'location') drawLocation(page, label, box, fonts);
    else drawArticle(page, label, box, fonts);
  }
  onProgress?.(labels.length);
  // Helvetica is one of PDF's standard fonts: nothing embedded, so 1 000 labels stay small.
  return doc.save({ useObjectStreams: true });
}

interface Font {
  font: PDFFont;
  /** The text with every character the font's encoding lacks replaced (WinAnsi: Latin-1 and a few more). */
  clean: (text: string) => string;
}
type Fonts = { regular: Font; bold: Font };

/**
 * Helvetica in WinAnsi covers German (äöüß, €) and Western European text; a character outside it
 * (Polish ł, Greek, CJK, emoji) would make pdf-lib throw, so it is printed as its base letter when
 * it has one (ő → o) or as "?".
 */
function writable(font: PDFFont): Font {
  const known = new Set(font.getCharacterSet());
  const ok = (char: string) => known.has(char.codePointAt(0) ?? 0);
  const clean = (text: string) =>
    Array.from(text.normalize('NFC').replace(/\s+/g, ' '))
      .map((char) => {
        if (ok(char)) return char;
        const base = char.normalize('NFD').replace(/\p{M}/gu, '');
        return base && Array.from(base).every(ok) ? base : '?';
      })
      .join('');
  return { font, clean };
}

/** The text cut to fit `width` (with "…"), in lines of at most `lines`. */
function fit(text: string, font: PDFFont, size: number, width: number, lines = 1): string[] {
  const words = text.split(' ');
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  out.push(line);
  const kept = out.slice(0, lines);
  const lastIndex = kept.length - 1;
  let last = kept[lastIndex] ?? '';
  const cut = out.length > lines || font.widthOfTextAtSize(last, size) > width;
  if (cut) {
    while (last && font.widthOfTextAtSize(`${last}…`, size) > width) last = last.slice(0, -1);
    kept[lastIndex] = `${last.trimEnd()}…`;
  }
  return kept;
}

function write(page: PDFPage, font: Font, text: string, size: number, x: number, y: number, width: number, lines = 1) {
  const kept = fit(font.clean(text), font.font, size, width, lines);
  kept.forEach((line, i) => {
    page.drawText(line, { x, y: y - (i + 1) * size * 1.15 + size * 0.2, size, font: font.font });
  });
  return kept.length * size * 1.15;
}

/** Inner margin of a label in points: labels are die-cut, printers drift by a millimetre. */
const PAD = LABEL_PADDING_MM * MM;

function drawArticle(page: PDFPage, label: Extract<LabelInput, { kind: 'article' | 'lot' }>, box: Box, fonts: Fonts) {
  const inner = { x: box.x + PAD, width: box.width - 2 * PAD };
  const small = box.height < 32 * MM;
  let top = box.y + box.height - PAD;
  top -= write(page, fonts.bold, label.name, small ? 8 : 9, inner.x, top, inner.width, small ? 1 : 2);
  // A lot label: SKU, lot and best-before on one line (the human-readable part of the code).
  const sub = label.kind === 'lot' ? [label.sku, label.lot, label.bestBefore].filter(Boolean).join(' · ') : label.sku;
  top -= write(page, fonts.regular, sub, 7, inner.x, top, inner.width);
  const [code] = labelCodes(label);
  if (!code) return;
  const gtin = code.symbology !== 'code128';
  const digits = gtin ? 7 : 0;
  const bottom = box.y + PAD * 0.6 + (gtin ? digits * 1.1 : 0);
  const bars = { x: box.x, y: bottom, width: box.width, height: top - bottom - 1.5 };
  barcodeOr(page, fonts.regular, code.symbology, code.text, bars);
  if (gtin) {
    const width = fonts.regular.font.widthOfTextAtSize(code.text, digits);
    page.drawText(code.text, {
      x: box.x + (box.width - width) / 2,
      y: box.y + PAD * 0.6,
      size: digits,
      font: fonts.regular.font,
    });
  }
}

function drawLocation(page: PDFPage, label: Extract<LabelInput, { kind: 'location' }>, box: Box, fonts: Fonts) {
  const qrSize = Math.min(box.height - 2 * PAD, box.width * 0.4);
  const qr = {
    x: box.x + box.width - PAD - qrSize,
    y: box.y + (box.height - qrSize) / 2,
    width: qrSize,
    height: qrSize,
  };
  barcodeOr(page, fonts.regular, 'qrcode', label.code, qr);
  const inner = { x: box.x + PAD, width: qr.x - box.x - 2 * PAD };
  let top = box.y + box.height - PAD;
  top -= write(page, fonts.bold, label.code, box.height < 32 * MM ? 12 : 14, inner.x, top, inner.width);
  if (label.name) top -= write(page, fonts.regular, label.name, 7, inner.x, top, inner.width);
  // The linear code spans the label's left part; the QR's own quiet zone is the gap beside it.
  const bars = { x: box.x, y: box.y + PAD * 0.6, width: qr.x - box.x, height: top - box.y - PAD * 0.6 - 1.5 };
  barcodeOr(page, fonts.regular, 'code128', label.code, bars);
}

/** A code that cannot be encoded (e.g. a SKU with "€" in Code 128) prints a note, not a broken run. */
function barcodeOr(page: PDFPage, font: Font, symbology: Symbology, text: string, box: Box) {
  try {
    drawBarcode(page, symbology, text, box);
  } catch {
    page.drawText('—', { x: box.x + box.width / 2 - 3, y: box.y + box.height / 2 - 3, size: 8, font: font.font });
  }
}
