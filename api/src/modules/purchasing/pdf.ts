/**
 * The purchase order as PDF (stock-spec-3 §1), made on the server with pdf-lib (the web app makes
 * its labels with the same library): the order's header, the supplier's address and our customer
 * number, one row per line (our SKU, the supplier's, name, quantity, unit price, line total) and the
 * total, over as many A4 pages as the lines need. Standard Helvetica (WinAnsi: umlauts, ß and €);
 * a character it cannot draw is printed as "?".
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Language } from '../../platform/i18n';
import { fit, formatMoney, formatNumber, pdfLocale as locale, printable } from '../../platform/pdf';
import type { OrderJson } from './repository';
import type { SupplierRow } from './tables';

const TEXT = {
  de: {
    title: 'Bestellung',
    date: 'Datum',
    expected: 'Liefertermin',
    customer: 'Unsere Kundennummer',
    sku: 'Art.-Nr.',
    supplierSku: 'Ihre Art.-Nr.',
    article: 'Artikel',
    quantity: 'Menge',
    price: 'Einzelpreis',
    total: 'Gesamt',
    sum: 'Summe',
    note: 'Hinweis',
    page: 'Seite',
  },
  en: {
    title: 'Purchase order',
    date: 'Date',
    expected: 'Delivery date',
    customer: 'Our customer number',
    sku: 'SKU',
    supplierSku: 'Your SKU',
    article: 'Article',
    quantity: 'Quantity',
    price: 'Unit price',
    total: 'Total',
    sum: 'Total',
    note: 'Note',
    page: 'Page',
  },
} satisfies Record<Language, Record<string, string>>;

export async function orderPdf(order: OrderJson, supplier: SupplierRow, warehouseName: string, lang: Language) {
  const words = TEXT[lang];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${words.title} ${order.number}`);
  pdf.setCreator('Lager');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [595.28, 841.89];
  const margin = 50;
  let page = pdf.addPage([width, height]);
  let y = height - margin;
  const draw = (text: string, x: number, size = 10, font = regular, maxWidth = width - margin - x) =>
    page.drawText(fit(font, size, text, maxWidth), { x, y, size, font });
  const right = (text: string, xRight: number, size = 10, font = regular) => {
    const t = printable(font, text);
    page.drawText(t, { x: xRight - font.widthOfTextAtSize(t, size), y, size, font });
  };

  draw(warehouseName, margin, 10, bold);
  y -= 30;
  draw(`${words.title} ${order.number}`, margin, 18, bold);
  y -= 28;
  for (const line of [supplier.name, ...(supplier.address ?? '').split('\n')].filter(Boolean)) {
    draw(line, margin, 11);
    y -= 14;
  }
  y -= 8;
  const dateOf = (iso: string) => new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium' }).format(new Date(iso));
  draw(`${words.date}: ${dateOf(order.ordered_at ?? order.created_at)}`, margin);
  y -= 14;
  if (order.expected_at) {
    draw(`${words.expected}: ${dateOf(`${order.expected_at}T12:00:00Z`)}`, margin);
    y -= 14;
  }
  if (supplier.customerNumber) {
    draw(`${words.customer}: ${supplier.customerNumber}`, margin);
    y -= 14;
  }
  y -= 16;
  const columns = {
    sku: margin,
    supplierSku: margin + 75,
    article: margin + 150,
    quantity: 400,
    price: 470,
    total: 545,
  };
  const header = () => {
    draw(words.sku, columns.sku, 9, bold, 70);
    draw(words.supplierSku, columns.supplierSku, 9, bold, 70);
    draw(words.article, columns.article, 9, bold, 170);
    right(words.quantity, columns.quantity, 9, bold);
    right(words.price, columns.price, 9, bold);
    right(words.total, columns.total, 9, bold);
    y -= 6;
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.5 });
    y -= 14;
  };
  header();
  let pages = 1;
  for (const line of order.lines) {
    if (y < margin + 40) {
      page = pdf.addPage([width, height]);
      pages += 1;
      y = height - margin;
      draw(`${words.title} ${order.number} – ${words.page} ${pages}`, margin, 10, bold);
      y -= 24;
      header();
    }
    draw(line.article_sku, columns.sku, 9, regular, 70);
    draw(line.supplier_sku ?? '', columns.supplierSku, 9, regular, 70);
    draw(line.article_name, columns.article, 9, regular, 170);
    right(`${formatNumber(lang, line.quantity)} ${line.unit}`, columns.quantity, 9);
    right(formatMoney(lang, line.unit_price, order.currency), columns.price, 9);
    right(formatMoney(lang, line.total, order.currency), columns.total, 9);
    y -= 14;
  }
  page.drawLine({ start: { x: margin, y: y + 8 }, end: { x: width - margin, y: y + 8 }, thickness: 0.5 });
  y -= 6;
  right(`${words.sum}: ${formatMoney(lang, order.total, order.currency)}`, columns.total, 11, bold);
  if (order.note) {
    y -= 28;
    draw(`${words.note}: ${order.note}`, margin, 10);
  }
  return pdf.save();
}
