/**
 * The stock module's printed tables (count sheets, the signed-off count list, the valuation): A4 with
 * pdf-lib and standard Helvetica like the purchase order (platform/pdf), a title and a few lines under
 * it, a column header repeated on every page, sections (a location on the count sheets) that may start a
 * page of their own, bold total rows, and on every page a footer naming the document and "Seite n von N".
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Language } from '../../platform/i18n';
import { fit, pdfLocale, printable } from '../../platform/pdf';

export interface PdfColumn {
  title: string;
  width: number;
  align?: 'right';
  /** An empty box to write in (the count sheets' "counted"). */
  box?: boolean;
}

export interface PdfSection {
  heading?: string;
  /** A line under the heading (the count sheets' "counter: ____"). */
  note?: string;
  rows: string[][];
  /** Start on a page of its own (a count sheet per location). */
  newPage?: boolean;
}

export interface PdfTable {
  title: string;
  lines: string[];
  columns: PdfColumn[];
  sections: PdfSection[];
  /** Bold rows under the table (totals), in the same columns. */
  totals?: string[][];
  /** Lines printed after the table (who opened and closed, signatures). */
  after?: string[];
  /** Left of every page's footer, e.g. "Inventur 12 · 29.11.2026". */
  footer: string;
  landscape?: boolean;
  lang: Language;
}

const PAGE = {
  de: (n: number, of: number) => `Seite ${n} von ${of}`,
  en: (n: number, of: number) => `Page ${n} of ${of}`,
};
const black = rgb(0, 0, 0);
const CONTINUED = { de: '(Fortsetzung)', en: '(continued)' };

/** A date and time as printed, in the language and Lager's zone. */
export const printedAt = (lang: Language, when: Date | string, timeZone = 'Europe/Berlin') =>
  new Intl.DateTimeFormat(pdfLocale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(when),
  );

export async function tablePdf(t: PdfTable): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(t.title);
  pdf.setCreator('Lager');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = t.landscape ? [841.89, 595.28] : [595.28, 841.89];
  const margin = 40;
  const rowHeight = t.columns.some((c) => c.box) ? 22 : 14;
  const bottom = margin + 30;
  let page: PDFPage;
  let y = 0;

  const draw = (text: string, x: number, size: number, font: PDFFont, maxWidth: number) =>
    page.drawText(fit(font, size, text, maxWidth), { x, y, size, font });
  const right = (text: string, xRight: number, size: number, font: PDFFont, maxWidth: number) => {
    const shown = fit(font, size, text, maxWidth);
    page.drawText(shown, { x: xRight - font.widthOfTextAtSize(shown, size), y, size, font });
  };
  /**
   * A row; `span`: left-aligned text may run on over the empty cells after it (a total's label);
   * `header`: the titles, box columns' too.
   */
  const cells = (row: string[], font: PDFFont, { span = false, header = false } = {}) => {
    let x = margin;
    t.columns.forEach((column, i) => {
      const text = row[i] ?? '';
      if (column.box && !header) {
        page.drawRectangle({ x, y: y - 6, width: column.width - 6, height: 18, borderWidth: 0.7, borderColor: black });
      } else if (text) {
        let room = column.width;
        for (let j = i + 1; span && j < t.columns.length && !row[j]; j++) room += t.columns[j]!.width;
        if (column.align === 'right') right(text, x + column.width - 6, 9, font, column.width - 6);
        else draw(text, x, 9, font, room - 6);
      }
      x += column.width;
    });
  };
  const header = () => {
    cells(
      t.columns.map((c) => c.title),
      bold,
      { header: true },
    );
    y -= 6;
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.5 });
    y -= rowHeight - 4;
  };
  /** A section's heading, "(Fortsetzung)" on its later pages, and its note under it on the first. */
  const sectionHead = (section: PdfSection | undefined, continued: boolean) => {
    if (!section?.heading) return;
    draw(continued ? `${section.heading} ${CONTINUED[t.lang]}` : section.heading, margin, 12, bold, width - 2 * margin);
    y -= 18;
    if (section.note && !continued) {
      draw(section.note, margin, 10, regular, width - 2 * margin);
      y -= 18;
    }
  };
  const newPage = (section?: PdfSection, continued = false) => {
    page = pdf.addPage([width, height]);
    y = height - margin;
    draw(t.title, margin, pdf.getPageCount() === 1 ? 16 : 11, bold, width - 2 * margin);
    y -= pdf.getPageCount() === 1 ? 22 : 18;
    if (pdf.getPageCount() === 1) {
      for (const line of t.lines) {
        draw(line, margin, 10, regular, width - 2 * margin);
        y -= 14;
      }
      y -= 6;
    }
    sectionHead(section, continued);
    header();
  };

  newPage(t.sections[0]);
  let drawn = 0;
  for (const [s, section] of t.sections.entries()) {
    if (s > 0) {
      if (section.newPage || y < bottom + 60) newPage(section);
      else if (section.heading) {
        y -= 8;
        sectionHead(section, false);
        header();
      }
    }
    for (const row of section.rows) {
      if (y < bottom) newPage(section, true);
      cells(row, regular);
      y -= rowHeight;
      // Drawing is synchronous: a 100 000-line valuation takes seconds, so let other requests in every 200 rows.
      if (++drawn % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (t.totals?.length) {
    if (y < bottom + 10) newPage();
    page!.drawLine({
      start: { x: margin, y: y + rowHeight - 4 },
      end: { x: width - margin, y: y + rowHeight - 4 },
      thickness: 0.5,
    });
    for (const row of t.totals) {
      cells(row, bold, { span: true });
      y -= rowHeight;
    }
  }
  if (t.after?.length) {
    y -= 10;
    for (const line of t.after) {
      if (y < bottom) newPage();
      draw(line, margin, 10, regular, width - 2 * margin);
      y -= 16;
    }
  }
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const footer = printable(regular, t.footer);
    p.drawText(footer, { x: margin, y: margin - 10, size: 8, font: regular });
    const number = PAGE[t.lang](i + 1, pages.length);
    p.drawText(number, {
      x: width - margin - regular.widthOfTextAtSize(number, 8),
      y: margin - 10,
      size: 8,
      font: regular,
    });
  });
  return pdf.save();
}

/** Sends a PDF inline as `<name>.pdf`, never cached. */
export const pdfHeaders = (name: string) => ({
  'content-type': 'application/pdf',
  'content-disposition': `inline; filename="${name}.pdf"`,
  'cache-control': 'no-store',
});
