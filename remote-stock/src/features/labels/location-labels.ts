import type { LabelInput } from './label-pdf';

export interface LocationNode {
  id: number;
  code: string;
  name?: string | null;
  parent_id: number | null;
  archived_at?: string | null;
}

/**
 * The labels of a location and every location below it, in tree order (a parent before its
 * children, siblings by code): e.g. a zone's aisles and bins for one print run. Archived
 * locations (and what lies below them) get no label.
 */
export function locationLabels(locations: readonly LocationNode[], rootId: number): LabelInput[] {
  const children = new Map<number | null, LocationNode[]>();
  for (const location of locations)
    children.set(location.parent_id, [...(children.get(location.parent_id) ?? []), location]);
  const root = locations.find((location) => location.id === rootId);
  const out: LabelInput[] = [];
  const seen = new Set<number>();
  const visit = (node: LocationNode) => {
    if (seen.has(node.id) || node.archived_at) return;
    seen.add(node.id);
    out.push({ kind: 'location', code: node.code, name: node.name ?? null });
    const below = [...(children.get(node.id) ?? [])].sort((a, b) => a.code.localeCompare(b.code));
    for (const child of below) visit(child);
  };
  if (root) visit(root);
  return out;
}
