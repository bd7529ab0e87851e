/**
 * Label layouts (spec stock-spec-2 §2), in millimetres. A sheet layout places `columns × rows`
 * labels on an A4 page from `left`/`top` at the `pitch` of common label sheets (3 × 8: 70 × 36 mm
 * without gaps, e.g. Zweckform 3475; 2 × 7: 99.1 × 38.1 mm, e.g. Avery L7163); the roll layout is
 * one 62 × 29 mm label per page (e.g. Brother DK-11209), which label printers print page by page.
 * Small and free of the PDF libraries: the print dialog imports it to offer the layouts.
 */
export interface LabelLayout {
  id: LayoutId;
  page: { width: number; height: number };
  label: { width: number; height: number };
  columns: number;
  rows: number;
  left: number;
  top: number;
  pitch: { x: number; y: number };
  /**
   * Millimetres a label's content keeps from its left and right cut besides the label's own inner
   * margin (label-pdf.ts, 2.5 mm): a sheet whose labels reach the page's edge (3 × 8 without a
   * border) needs 4 mm there, since office printers cannot print closer to the edge.
   */
  inset: number;
}

/** The content's distance from a label's left and right cut, in mm (inset plus the inner margin). */
export const LABEL_PADDING_MM = 2.5;
export const contentMargin = (layout: LabelLayout) => layout.inset + LABEL_PADDING_MM;

export const LAYOUT_IDS = ['a4-3x8', 'a4-2x7', 'roll-62x29'] as const;
export type LayoutId = (typeof LAYOUT_IDS)[number];

/** An A4 sheet of `columns × rows` labels, `gap` mm between columns, none between rows. */
function a4(
  id: LayoutId,
  label: LabelLayout['label'],
  columns: number,
  rows: number,
  left: number,
  top: number,
  gap = 0,
) {
  const pitch = { x: label.width + gap, y: label.height };
  // Labels touching the page's edge keep their content 4 mm from it.
  const inset = left < 4 ? 4 - LABEL_PADDING_MM - left : 0;
  return { id, page: { width: 210, height: 297 }, label, columns, rows, left, top, pitch, inset };
}

const ROLL = { width: 62, height: 29 };

export const LAYOUTS: Record<LayoutId, LabelLayout> = {
  'a4-3x8': a4('a4-3x8', { width: 70, height: 36 }, 3, 8, 0, 4.5),
  'a4-2x7': a4('a4-2x7', { width: 99.1, height: 38.1 }, 2, 7, 4.65, 15.15, 2.5),
  'roll-62x29': {
    id: 'roll-62x29',
    page: ROLL,
    label: ROLL,
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
    pitch: { x: 62, y: 29 },
    inset: 0,
  },
};

export const labelsPerPage = (layout: LabelLayout) => layout.columns * layout.rows;

/** Pages needed for `count` labels when the first sheet starts at slot `start` (1-based, row by row). */
export function pageCount(layout: LabelLayout, count: number, start = 1): number {
  return Math.ceil((count + clampStart(layout, start) - 1) / labelsPerPage(layout));
}

/** A start position outside the sheet counts as the first slot. */
function clampStart(layout: LabelLayout, start: number): number {
  return Number.isInteger(start) && start >= 1 && start <= labelsPerPage(layout) ? start : 1;
}

/** Where the n-th label (0-based, after the skipped slots) lies: page, and its top-left corner in mm from the page's top-left. */
export function slotOf(layout: LabelLayout, index: number, start = 1): { page: number; x: number; y: number } {
  const slot = index + clampStart(layout, start) - 1;
  const perPage = labelsPerPage(layout);
  const onPage = slot % perPage;
  return {
    page: Math.floor(slot / perPage),
    x: layout.left + (onPage % layout.columns) * layout.pitch.x,
    y: layout.top + Math.floor(onPage / layout.columns) * layout.pitch.y,
  };
}
