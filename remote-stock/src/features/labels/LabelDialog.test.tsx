import { answer, HttpResponse, setupApiServer, trackMissingTranslations } from '@lager/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { PDFDocument } from 'pdf-lib';
import type { ListStockLocationsApiResponse } from '../../api/generated';
import { decodePdf } from '../../testing/decode-pdf';
import { article, articleHandlers, mountStock, STANDARD_LOCATION, session } from '../../testing/fixtures';
import { locationLabels } from '.';
import de from './locales/de.json';
import en from './locales/en.json';

const screws = article({ id: 1, name: 'Schrauben M6', sku: 'SCR-6', barcode: '4006381333931' });
const plugs = article({ id: 2, name: 'Dübel 8 mm', sku: 'DUE-8', barcode: null });
const tape = article({ id: 3, name: 'Klebeband', sku: 'KL-50', barcode: '96385074' });
const server = setupApiServer(...session(), ...articleHandlers([screws, plugs, tape]));
const missing = trackMissingTranslations();

/** The PDFs the page saved, caught where the browser would download them. */
let saved: { name: string; blob: Blob }[] = [];
let click: jest.SpyInstance;
beforeEach(() => {
  saved = [];
  const urls = new Map<string, Blob>();
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:${urls.size}`;
    urls.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
  click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: urls.get(this.href) as Blob });
  });
});
afterEach(() => {
  click.mockRestore();
  expect(missing).toEqual([]);
});

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

test('labels of articles chosen on the list: layout and start slot, the PDF is made and downloaded, its codes decode', async () => {
  const { user } = await mountStock('/stock', 'de');
  const print = await screen.findByRole('button', { name: 'Etiketten drucken (0)' });
  expect(print).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: 'Schrauben M6 für Etiketten auswählen' }));
  await user.click(screen.getByRole('checkbox', { name: 'Dübel 8 mm für Etiketten auswählen' }));
  await user.click(screen.getByRole('button', { name: 'Etiketten drucken (2)' }));

  const dialog = await screen.findByRole('dialog', { name: 'Etiketten drucken' });
  expect(dialog).toHaveAccessibleDescription('2 Etiketten');
  // Focus starts on the first choice; the A4 3 × 8 sheet is the default.
  expect(within(dialog).getByRole('radio', { name: /3 × 8/ })).toHaveFocus();
  expect(within(dialog).getByRole('radio', { name: /3 × 8/ })).toBeChecked();
  await user.click(within(dialog).getByRole('radio', { name: /2 × 7/ }));
  const start = within(dialog).getByRole('spinbutton', { name: 'Beginnen bei Etikett' });
  await user.clear(start);
  await user.type(start, '15');
  await user.click(within(dialog).getByRole('button', { name: 'PDF herunterladen' }));
  // Bad input changes nothing: no PDF, the field says why.
  expect(within(dialog).getByText('Bitte eine ganze Zahl von 1 bis 14 eingeben.')).toBeInTheDocument();
  expect(start).toHaveAccessibleDescription(expect.stringContaining('1 bis 14'));
  expect(saved).toEqual([]);

  await user.clear(start);
  await user.type(start, '14');
  expect(within(dialog).getByText('Ergibt 2 Seiten.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'PDF herunterladen' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // Focus goes back to the button that opened the dialog.
  expect(screen.getByRole('button', { name: 'Etiketten drucken (2)' })).toHaveFocus();

  expect(saved[0]?.name).toBe('etiketten.pdf');
  expect(saved[0]?.blob.type).toBe('application/pdf');
  const bytes = await bytesOf(saved[0]!.blob);
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getTitle()).toBe('Etiketten');
  // The last slot of the first sheet, then the first of the second.
  const decoded = await decodePdf(bytes);
  expect(decoded.pages.map((page) => page.codes.map((code) => `${code.format}:${code.text}`))).toEqual([
    ['EAN13:4006381333931'],
    ['Code128:DUE-8'],
  ]);
  expect(decoded.pages[0]?.codes[0]).toMatchObject({ x: expect.closeTo(155.4, -1), y: expect.closeTo(260.7, -1) });
  expect(decoded.pages[1]?.text).toContain('Dübel 8 mm');
}, 60_000);

test('the article page prints its one label; a roll needs no start slot; English texts', async () => {
  const { user } = await mountStock('/stock/articles/3', 'en');
  await user.click(await screen.findByRole('button', { name: 'Print labels' }));
  const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
  expect(dialog).toHaveAccessibleDescription('1 label');
  expect(within(dialog).getByRole('spinbutton', { name: 'Start at label' })).toBeInTheDocument();
  await user.click(within(dialog).getByRole('radio', { name: /roll/ }));
  expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
  expect(within(dialog).getByText('Makes 1 page.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
  await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['labels.pdf']));
  const pdf = await PDFDocument.load(await bytesOf(saved[0]!.blob));
  expect(pdf.getPageCount()).toBe(1);
  const [width, height] = [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()];
  expect([Math.round((width * 25.4) / 72), Math.round((height * 25.4) / 72)]).toEqual([62, 29]);
}, 30_000);

test('a failure says so, keeps the choices and the dialog, and lets the user try again', async () => {
  const { user } = await mountStock('/stock/articles/1', 'en');
  await user.click(await screen.findByRole('button', { name: 'Print labels' }));
  const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
  await user.click(within(dialog).getByRole('radio', { name: /2 × 7/ }));
  // The browser refuses the file (e.g. out of memory for a blob URL).
  (URL.createObjectURL as jest.Mock).mockImplementationOnce(() => {
    throw new Error('blob refused');
  });
  await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The PDF could not be made. Please try again.');
  expect(within(dialog).getByRole('radio', { name: /2 × 7/ })).toBeChecked();
  expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
  await waitFor(() => expect(saved).toHaveLength(1));
}, 30_000);

test('Escape closes the dialog without a PDF', async () => {
  const { user } = await mountStock('/stock/articles/1', 'de');
  await user.click(await screen.findByRole('button', { name: 'Etiketten drucken' }));
  await screen.findByRole('dialog', { name: 'Etiketten drucken' });
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Etiketten drucken' })).toHaveFocus();
  expect(saved).toEqual([]);
});

test('the locations tree prints a location with everything below it; archived ones get no button', async () => {
  const place = (id: number, code: string, parent_id: number | null, archived = false) => ({
    ...STANDARD_LOCATION,
    id,
    code,
    name: null,
    parent_id,
    standard: false,
    archived_at: archived ? '2026-11-01T00:00:00Z' : null,
  });
  const locations = [place(10, 'A', null), place(11, 'A-01', 10), place(12, 'A-01-1', 11), place(13, 'B', null, true)];
  server.use(answer.get<ListStockLocationsApiResponse>('/api/stock/locations', () => HttpResponse.json({ locations })));
  const { user } = await mountStock('/stock/locations', 'de');
  await user.click(await screen.findByRole('button', { name: 'Etiketten drucken: A und alles darunter' }));
  const dialog = await screen.findByRole('dialog', { name: 'Etiketten drucken' });
  expect(dialog).toHaveAccessibleDescription('3 Etiketten');
  await user.click(within(dialog).getByRole('radio', { name: /Rolle/ }));
  await user.click(within(dialog).getByRole('button', { name: 'PDF herunterladen' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  const decoded = await decodePdf(await bytesOf(saved[0]!.blob));
  expect(decoded.pages.map((page) => page.codes.map((code) => `${code.format}:${code.text}`).sort())).toEqual([
    ['Code128:A', 'QRCode:A'],
    ['Code128:A-01', 'QRCode:A-01'],
    ['Code128:A-01-1', 'QRCode:A-01-1'],
  ]);
  expect(screen.queryByRole('button', { name: /Etiketten drucken: B / })).not.toBeInTheDocument();
}, 60_000);

test('a location prints with every location below it, parents first, siblings by code, archived ones left out', () => {
  const tree = [
    { id: 1, code: 'A', name: 'Zone A', parent_id: null },
    { id: 2, code: 'A-02', name: null, parent_id: 1 },
    { id: 3, code: 'A-01', name: null, parent_id: 1 },
    { id: 4, code: 'A-01-1', name: 'Fach', parent_id: 3 },
    { id: 5, code: 'B', name: null, parent_id: null },
    { id: 6, code: 'A-03', name: null, parent_id: 1, archived_at: '2026-11-01T00:00:00Z' },
    { id: 7, code: 'A-03-1', name: null, parent_id: 6, archived_at: '2026-11-01T00:00:00Z' },
  ];
  expect(locationLabels(tree, 1).map((label) => label.kind === 'location' && label.code)).toEqual([
    'A',
    'A-01',
    'A-01-1',
    'A-02',
  ]);
  expect(locationLabels(tree, 4)).toEqual([{ kind: 'location', code: 'A-01-1', name: 'Fach' }]);
  expect(locationLabels(tree, 99)).toEqual([]);
});

test('the dialog’s own catalogues (loaded with it) have the same keys in German and English, none empty', () => {
  const shape = (catalogue: object) =>
    JSON.stringify(catalogue, (_, value) => (typeof value === 'string' ? '' : value));
  expect(shape(en)).toBe(shape(de));
  for (const catalogue of [de, en]) expect(JSON.stringify(catalogue)).not.toContain('""');
});

test('an SKU no barcode can carry is named before printing; an invalid start shows no page count', async () => {
  const shovel = article({ id: 4, name: 'Łopata', sku: 'ŁOP-1', barcode: null });
  server.use(...articleHandlers([shovel]));
  const { user } = await mountStock('/stock/articles/4', 'de');
  await user.click(await screen.findByRole('button', { name: 'Etiketten drucken' }));
  const dialog = await screen.findByRole('dialog', { name: 'Etiketten drucken' });
  expect(within(dialog).getByText(/Die Artikelnummer ŁOP-1 enthält ein Zeichen, das kein Barcode/)).toBeInTheDocument();
  expect(within(dialog).getByText('Ergibt 1 Seite.')).toBeInTheDocument();
  const start = within(dialog).getByRole('spinbutton', { name: 'Beginnen bei Etikett' });
  await user.clear(start);
  await user.type(start, '99');
  expect(within(dialog).queryByText(/^Ergibt/)).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'PDF herunterladen' }));
  expect(within(dialog).getByText('Bitte eine ganze Zahl von 1 bis 24 eingeben.')).toBeInTheDocument();
  expect(within(dialog).queryByText(/^Ergibt/)).not.toBeInTheDocument();
  expect(saved).toEqual([]);
});
