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
}

export const LAYOUT_IDS = ['a4-3x8', 'a4-2x7', 'roll-62x29'] as const;
export type LayoutId = (typeof LAYOUT_IDS)[number];

const A4 = { width: 210, height: 297 };

export const LAYOUTS: Record<LayoutId, LabelLayout> = {
  'a4-3x8': {
    id: 'a4-3x8',
    page: A4,
    label: { width: 70, height: 36 },
    columns: 3,
    rows: 8,
    left: 0,
    top: 4.5,
    pitch: { x: 70, y: 36 },
  },
  'a4-2x7': {
    id: 'a4-2x7',
    page: A4,
    label: { width: 99.1, height: 38.1 },
    columns: 2,
    rows: 7,
    left: 4.65,
    top: 15.15,
    pitch: { x: 101.6, y: 38.1 },
  },
  'roll-62x29': {
    id: 'roll-62x29',
    page: { width: 62, height: 29 },
    label: { width: 62, height: 29 },
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
    pitch: { x: 62, y: 29 },
  },
};

export const labelsPerPage = (layout: LabelLayout) => layout.columns * layout.rows;

/** Pages needed for `count` labels when the first sheet starts at slot `start` (1-based, row by row). */
export function pageCount(layout: LabelLayout, count: number, start = 1): number {
  return Math.ceil((count + clampStart(layout, start) - 1) / labelsPerPage(layout));
}

/** A start position outside the sheet counts as the first slot. */
export function clampStart(layout: LabelLayout, start: number): number {
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
