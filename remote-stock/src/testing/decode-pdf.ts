import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** What scripts/pdf-barcodes.mjs reads from a PDF: per page its text and every code, centre in mm from the top left. */
export interface DecodedPdf {
  dpi: number;
  pages: { text: string; codes: { format: string; text: string; x: number; y: number }[] }[];
}

const run = promisify(execFile);

/**
 * Renders a PDF at 300 dpi and decodes every barcode on its pages (tests only): the reader runs
 * as a Node child process, since pdf.js and the ZXing WebAssembly are ES modules Jest cannot load.
 */
export async function decodePdf(bytes: Uint8Array): Promise<DecodedPdf> {
  const dir = mkdtempSync(join(tmpdir(), 'labels-'));
  try {
    const file = join(dir, 'labels.pdf');
    writeFileSync(file, bytes);
    const script = join(__dirname, '../../../scripts/pdf-barcodes.mjs');
    const { stdout } = await run(process.execPath, [script, file, '--dpi', '300'], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as DecodedPdf;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
