import type { Location } from './api';

/** The flat list as a tree: children by parent id (null: the top level), each sorted by code. */
export function childrenOf(locations: readonly Location[]): Map<number | null, Location[]> {
  const ids = new Set(locations.map((l) => l.id));
  const children = new Map<number | null, Location[]>();
  for (const location of locations) {
    // A child of a location not in the list (archived, hidden) shows at the top level.
    const parent = location.parent_id !== null && ids.has(location.parent_id) ? location.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), location]);
  }
  for (const list of children.values()) list.sort((a, b) => a.code.localeCompare(b.code));
  return children;
}

/** The location and every id below it (a move may not go there: that would be a cycle). */
export function subtreeIds(children: Map<number | null, Location[]>, id: number): Set<number> {
  const out = new Set<number>([id]);
  const stack = [id];
  while (stack.length) {
    for (const child of children.get(stack.pop()!) ?? []) {
      if (!out.has(child.id)) {
        out.add(child.id);
        stack.push(child.id);
      }
    }
  }
  return out;
}

/** Select options in tree order, indented by depth ("A", "  A-01", …). */
export function treeOptions(locations: readonly Location[], exclude: Set<number> = new Set()) {
  const children = childrenOf(locations);
  const out: { value: string; label: string }[] = [];
  const visit = (parent: number | null, depth: number) => {
    for (const location of children.get(parent) ?? []) {
      if (exclude.has(location.id)) continue;
      const label = location.name ? `${location.code} – ${location.name}` : location.code;
      out.push({ value: String(location.id), label: `${'\u00a0\u00a0'.repeat(depth)}${label}` });
      visit(location.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}
