import { code128, type DrawingContext, ean8, ean13, gs1_128, qrcode, type RenderOptions, upca } from 'bwip-js/browser';
import {
  closePath,
  fill,
  lineTo,
  moveTo,
  PDFOperator as Operator,
  type PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
} from 'pdf-lib';

/** The symbologies labels use; each encoder is imported by name so the bundle holds only these. */
const ENCODERS = { code128, ean8, ean13, upca, qrcode, gs1_128 } as const;
export type Symbology = keyof typeof ENCODERS;

/** Where to draw, in PDF points (origin bottom-left). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Quiet zone on either side of a linear code, in modules (Code 128 asks 10, EAN-13 11 left / 7 right). */
const QUIET_MODULES = 11;
/** bwip-js draws at 2 units per module, so bar edges fall on whole units. */
const UNITS_PER_MODULE = 2;

/**
 * A barcode as vector shapes in the PDF: bars are filled rectangles and 2D modules filled
 * polygons, so a scanner sees sharp edges at any print resolution (no raster image).
 * bwip-js encodes (with its check digits and quiet-zone rules); this drawing only collects the
 * shapes it reports in its own units (y down) and maps them into `box`.
 *
 * Linear codes are scaled to the box's width less the quiet zones, bars no wider than
 * `maxModule` points, and centred; 2D codes are square, as large as the box allows. Returns the
 * width actually used, in points. Throws when the text cannot be encoded in this symbology.
 */
export function drawBarcode(
  page: PDFPage,
  symbology: Symbology,
  text: string,
  box: Box,
  maxModule = 1.2,
): { width: number } {
  const shapes: Shape[] = [];
  let size = { width: 0, height: 0 };
  const pending: [number, number][][] = [];
  const drawing: DrawingContext<void> = {
    scale: () => null,
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init: (width, height) => {
      size = { width, height };
    },
    line: (x0, y0, x1, y1, lw) => {
      // Bars: vertical strokes of width lw centred on x, covering both end pixels.
      if (x0 === x1) shapes.push({ rect: [x0 - lw / 2, Math.min(y0, y1), lw, Math.abs(y1 - y0) + 1] });
      else shapes.push({ rect: [Math.min(x0, x1), y0 - lw / 2, Math.abs(x1 - x0) + 1, lw] });
    },
    polygon: (points) => {
      pending.push(points.map(([x, y]) => [x, y]));
    },
    hexagon: (points) => {
      pending.push(points.map(([x, y]) => [x, y]));
    },
    ellipse: () => {
      throw new Error('ellipse not supported');
    },
    fill: () => {
      if (pending.length) shapes.push({ polygons: pending.splice(0) });
    },
    text: () => {},
    end: () => {},
  };
  // Code 128 carries ISO 8859-1 (scanners type "Ä" for its byte): pass such text as bytes, not
  // bwip-js's default UTF-8, which a scanner would read as "Ã„". Beyond Latin-1 it has no encoding.
  const latin1 = symbology === 'code128';
  if (latin1 && Array.from(text).some((char) => (char.codePointAt(0) ?? 0) > 0xff))
    throw new Error('Code 128 holds ISO 8859-1 only');
  const options: RenderOptions = {
    bcid: symbology,
    text,
    binarytext: latin1,
    scale: UNITS_PER_MODULE,
    paddingwidth: 0,
    paddingheight: 0,
  };
  ENCODERS[symbology](options, drawing);
  if (!size.width || !size.height) throw new Error(`nothing drawn for ${symbology}`);

  const square = symbology === 'qrcode';
  const modules = size.width / UNITS_PER_MODULE;
  const quiet = square ? 0 : 2 * QUIET_MODULES;
  const module = Math.min(maxModule, box.width / (modules + quiet), square ? box.height / modules : maxModule);
  const width = modules * module;
  const sx = module / UNITS_PER_MODULE;
  const sy = square ? sx : box.height / size.height;
  const left = box.x + (box.width - width) / 2;
  const top = box.y + box.height - (square ? (box.height - width) / 2 : 0);
  // Map bwip units (y down) to points (y up).
  const px = (x: number) => left + x * sx;
  const py = (y: number) => top - y * sy;

  const ops: PDFOperator[] = [pushGraphicsState(), setFillingGrayscaleColor(0)];
  for (const shape of shapes) {
    if ('rect' in shape) {
      const [x, y, w, h] = shape.rect;
      ops.push(rectangle(px(x), py(y + h), w * sx, h * sy), fill());
      continue;
    }
    for (const polygon of shape.polygons) {
      const [first, ...rest] = polygon;
      if (!first) continue;
      ops.push(moveTo(px(first[0]), py(first[1])));
      for (const [x, y] of rest) ops.push(lineTo(px(x), py(y)));
      ops.push(closePath());
    }
    // Holes are inner outlines of the same path: even-odd fill leaves them white.
    ops.push(Operator.of(PDFOperatorNames.FillEvenOdd));
  }
  ops.push(popGraphicsState());
  page.pushOperators(...ops);
  return { width };
}

type Shape = { rect: [number, number, number, number] } | { polygons: [number, number][][] };
