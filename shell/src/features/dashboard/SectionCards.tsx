import { hasAnyPermission, usePermissions } from '@lager/shared';
import { permissionList } from '@lager/shared/sections';
import { getInstalledSections, SectionExtension } from '../remotes';

/** The dashboard cards the manifest's sections contribute, in order, for the permissions the user holds. */
function dashboardExtensions(permissions: readonly string[]) {
  return getInstalledSections()
    .flatMap((section) => (section.slots?.dashboard ?? []).map((ext) => ({ remote: section.remote, ...ext })))
    .filter((ext) => {
      const required = permissionList(ext.permission);
      return required.length === 0 || hasAnyPermission(permissions, required);
    })
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** Rendered inside the dashboard's card grid; each card comes from its section's remote. */
export function SectionCards() {
  const { permissions } = usePermissions();
  return (
    <>
      {dashboardExtensions(permissions).map((ext) => (
        <SectionExtension key={`${ext.remote}:${ext.module}`} remote={ext.remote} module={ext.module} />
      ))}
    </>
  );
}
