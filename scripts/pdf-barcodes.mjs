#!/usr/bin/env node
/**
 * Renders every page of a PDF to an image (pdf.js on @napi-rs/canvas, default 300 dpi) and reads
 * every barcode on it (ZXing-C++ as WebAssembly, zxing-wasm). Prints JSON:
 * `{ "dpi": 300, "pages": [{ "width": px, "height": px, "text": "…", "codes": [{ "format": "EAN13", "text": "…", "x": mm, "y": mm }] }] }`
 * where x/y is the centre of the code in millimetres from the page's top-left corner and `text` the
 * page's text as pdf.js extracts it. A UPC-A reads as the EAN-13 with a leading 0 (the same symbol).
 *
 *   node scripts/pdf-barcodes.mjs labels.pdf [--dpi 300] [--pages 1,2] [--png out-prefix]
 *
 * `--png` also writes each rendered page (out-prefix-1.png, …) to look at.
 *
 * The label tests (remote-stock unit test, e2e labels journey) run it as a child process: both
 * libraries are ESM with WebAssembly/native parts that Jest's module system does not load. All of it
 * comes from npm (the canvas binary is an npm package of its own), nothing is fetched at run time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dpi: { type: 'string', default: '300' }, pages: { type: 'string' }, png: { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: node scripts/pdf-barcodes.mjs <file.pdf> [--dpi 300] [--pages 1,2]');
  process.exit(2);
}
const dpi = Number(values.dpi);

// The reader's .wasm from the installed package (by default zxing-wasm would fetch it from a CDN).
prepareZXingModule({
  overrides: {
    wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))).buffer,
  },
  fireImmediately: true,
});

const pdf = await getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0, isEvalSupported: false })
  .promise;
const wanted = values.pages
  ? values.pages.split(',').map(Number)
  : Array.from({ length: pdf.numPages }, (_, i) => i + 1);
const pages = [];
for (const number of wanted) {
  const page = await pdf.getPage(number);
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  if (values.png) writeFileSync(`${values.png}-${number}.png`, canvas.toBuffer('image/png'));
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const results = await readBarcodes(
    { data: image.data, width: image.width, height: image.height, colorSpace: 'srgb' },
    { formats: ['UPCA', 'EAN13', 'EAN8', 'Code128', 'QRCode'], maxNumberOfSymbols: 255, tryHarder: true },
  );
  pages.push({
    width: canvas.width,
    height: canvas.height,
    text: (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '),
    codes: results
      .filter((r) => r.isValid)
      .map((r) => {
        const corners = [r.position.topLeft, r.position.topRight, r.position.bottomRight, r.position.bottomLeft];
        const mm = (value) => Math.round(((value / corners.length) * 25.4 * 10) / dpi) / 10;
        return {
          format: r.format,
          text: r.text,
          x: mm(corners.reduce((sum, p) => sum + p.x, 0)),
          y: mm(corners.reduce((sum, p) => sum + p.y, 0)),
        };
      }),
  });
  page.cleanup();
}
await pdf.destroy();
process.stdout.write(`${JSON.stringify({ dpi, pages })}\n`);
