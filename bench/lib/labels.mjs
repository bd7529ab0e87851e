/**
 * `npm run bench -- --labels` (issue 26, stock-spec-2 §2): label PDFs made in Chromium by
 * remote-stock's own `labelsPdf` (pdf-lib + bwip-js, bundled with esbuild as the browser gets
 * them), 1 000 labels per layout — half articles (EAN-13 or Code 128 of the SKU), half locations
 * (Code 128 + QR). Budget: 1 000 labels in under 10 s on this 2-core machine. Also the gzip bytes
 * of that bundle (what the browser fetches when the user prints).
 */
import os from 'node:os';
import zlib from 'node:zlib';
import { browserBundle, scriptPage } from './script-page.mjs';

export const LABELS_BUDGET_MS = 10_000;
const COUNT = 1000;
const LAYOUTS = ['a4-3x8', 'a4-2x7', 'roll-62x29'];

function labelsBundle(repoRoot) {
  return browserBundle(
    repoRoot,
    [
      "export { labelsPdf } from './remote-stock/src/features/labels/label-pdf';",
      "export { LAYOUTS } from './remote-stock/src/features/labels/layouts';",
    ].join('\n'),
    'lagerLabels',
    { minify: true },
  );
}

export async function measureLabels(browser, { repoRoot }) {
  const script = await labelsBundle(repoRoot);
  const { context, page } = await scriptPage(browser, 'labels.bench', script);
  try {
    const runs = [];
    for (const layout of LAYOUTS) {
      const loadavg = os.loadavg()[0];
      const run = await page.evaluate(
        async ({ count, id }) => {
          const labels = Array.from({ length: count }, (_, i) =>
            i % 2
              ? {
                  kind: 'article',
                  name: `Artikel ${i} Größe M`,
                  sku: `SKU-${i}`,
                  barcode: i % 4 === 1 ? '4006381333931' : null,
                }
              : { kind: 'location', code: `A-${String(i).padStart(4, '0')}`, name: 'Regal' },
          );
          const started = performance.now();
          const bytes = await window.lagerLabels.labelsPdf(labels, window.lagerLabels.LAYOUTS[id]);
          return { ms: performance.now() - started, pdfBytes: bytes.length };
        },
        { count: COUNT, id: layout },
      );
      runs.push({ layout, labels: COUNT, ...run, loadavg });
    }
    return {
      bundle: { raw: script.length, gzip: zlib.gzipSync(script, { level: 9 }).length },
      runs,
      cpus: os.cpus().length,
    };
  } finally {
    await context.close();
  }
}

const sec = (ms) => (ms == null ? 'not measured' : `${(ms / 1000).toFixed(1)} s`);

export function labelsBudgets(labels) {
  const run = labels?.runs?.find((r) => r.layout === 'a4-3x8');
  return [
    {
      name: 'labels: 1 000 labels (A4 3 × 8, half articles, half locations) made in Chromium < 10 s',
      value: run?.ms,
      limit: LABELS_BUDGET_MS,
      shown: sec(run?.ms),
      pass: run != null && run.ms < LABELS_BUDGET_MS,
    },
  ];
}

/** The "Labels" section of BENCHMARKS.md. */
export function labelsSection(labels, table) {
  const head = '## Labels (issue 26; `npm run bench -- --labels` measures only this part)';
  if (!labels?.runs) return `${head}\n\nNot measured in this run.`;
  return [
    head,
    '',
    `remote-stock's \`labelsPdf\` (pdf-lib + bwip-js, vector barcodes) bundled with esbuild and run in Chromium, ${labels.runs[0]?.labels ?? COUNT}`,
    'labels per layout: every second one an article (a quarter EAN-13, a quarter Code 128 of the SKU), the others',
    'locations (Code 128 + QR code). The browser fetches this code only when the user prints; the bundle here is',
    `${(labels.bundle.raw / 1000).toFixed(1)} kB, ${(labels.bundle.gzip / 1000).toFixed(1)} kB gzip (remote-stock's build splits it into the`,
    "libraries' chunk and `label-pdf`; remote-stock/README.md has those figures).",
    '',
    table(
      ['layout', 'labels', 'time', 'per label', 'PDF size', 'load average at start'],
      labels.runs.map((r) => [
        r.layout,
        r.labels,
        sec(r.ms),
        `${(r.ms / r.labels).toFixed(1)} ms`,
        `${(r.pdfBytes / 1000).toFixed(0)} kB`,
        r.loadavg.toFixed(1),
      ]),
    ),
  ].join('\n');
}
