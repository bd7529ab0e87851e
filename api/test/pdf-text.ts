import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';

/** WinAnsi bytes above Latin-1's reach that Lager's PDFs print (€, …, –); the rest is Latin-1. */
const WIN_ANSI: Record<number, string> = { 128: '€', 133: '…', 150: '–', 151: '—' };

/**
 * The text of a PDF made with pdf-lib's drawText (tests only): per page its lines, top to bottom, each
 * line the texts drawn at one height, left to right, joined by " | " — so a table row reads
 * "C-A | Schraube | STANDARD | 10". No-break spaces read as plain spaces.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFRawStream[] = [];
    if (contents instanceof PDFArray) {
      for (let i = 0; i < contents.size(); i++) streams.push(contents.lookup(i) as PDFRawStream);
    } else if (contents) streams.push(contents as unknown as PDFRawStream);
    const items: { x: number; y: number; text: string }[] = [];
    for (const stream of streams) {
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      let x = 0;
      let y = 0;
      for (const m of source.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm|<([0-9A-Fa-f]*)> Tj/g)) {
        if (m[3] === undefined) {
          x = Number(m[1]);
          y = Number(m[2]);
          continue;
        }
        const text = [...Buffer.from(m[3], 'hex')]
          .map((b) => WIN_ANSI[b] ?? String.fromCharCode(b))
          .join('')
          .replace(/\u00a0/g, ' ');
        items.push({ x, y, text });
      }
    }
    const lines = new Map<number, { x: number; text: string }[]>();
    for (const item of items) {
      const key = [...lines.keys()].find((y) => Math.abs(y - item.y) < 1.5) ?? item.y;
      lines.set(key, [...(lines.get(key) ?? []), item]);
    }
    return [...lines]
      .sort(([a], [b]) => b - a)
      .map(([, row]) =>
        row
          .sort((a, b) => a.x - b.x)
          .map((i) => i.text)
          .join(' | '),
      );
  });
}
