import { hasAnyPermission } from '@lager/shared';
import {
  permissionList,
  type SectionDescription,
  type SlotExtension,
  type SlotName,
  validateSectionDescription,
} from '@lager/shared/sections';

/** A section the shell may mount: its name in the manifest and its validated description. */
export interface InstalledSection extends SectionDescription {
  remote: string;
}

/** The part of a manifest entry this module reads (remotes-manifest.ts owns the full type). */
interface DescribedEntry {
  stable?: { section?: unknown };
}

/**
 * The sections of a runtime manifest, in manifest order. Routes, header links and cards come
 * from the stable version's description (a canary changes code, not what the shell routes to).
 * An entry without a valid description, or reusing another section's container name, is
 * skipped with a warning: the rest of the app keeps working.
 */
export function sectionsFromManifest(remotes: Record<string, DescribedEntry | undefined>): {
  sections: InstalledSection[];
  warnings: string[];
} {
  const sections: InstalledSection[] = [];
  const warnings: string[] = [];
  for (const [remote, entry] of Object.entries(remotes)) {
    const result = validateSectionDescription(entry?.stable?.section);
    if (!result.ok) {
      warnings.push(
        `[lager] section ${remote} skipped: invalid description in the manifest (${result.errors.join('; ')})`,
      );
      continue;
    }
    const clash = sections.find((s) => s.scope === result.value.scope);
    if (clash) {
      warnings.push(
        `[lager] section ${remote} skipped: container name ${clash.scope} is already used by ${clash.remote}`,
      );
      continue;
    }
    sections.push({ ...result.value, remote });
  }
  return { sections, warnings };
}

let installed: readonly InstalledSection[] = [];

export function setInstalledSections(next: readonly InstalledSection[]): void {
  installed = next;
}

/** The sections of the manifest read at start; fixed for the page's lifetime. */
export function getInstalledSections(): readonly InstalledSection[] {
  return installed;
}

export function getInstalledSection(remote: string): InstalledSection | undefined {
  return installed.find((s) => s.remote === remote);
}

/** What the sections contribute to one shell slot, in order, for the permissions the user holds. */
export function slotExtensions(
  slot: SlotName,
  permissions: readonly string[],
): Array<SlotExtension & { remote: string }> {
  return installed
    .flatMap((section) => (section.slots?.[slot] ?? []).map((ext) => ({ remote: section.remote, ...ext })))
    .filter((ext) => {
      const required = permissionList(ext.permission);
      return required.length === 0 || hasAnyPermission(permissions, required);
    })
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}
