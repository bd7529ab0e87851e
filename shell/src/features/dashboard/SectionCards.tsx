import { usePermissions } from '@lager/shared';
import { SectionExtension, slotExtensions } from '../remotes';

/** Rendered inside the dashboard's card grid; each card comes from its section's remote. */
export function SectionCards() {
  const { permissions } = usePermissions();
  return (
    <>
      {slotExtensions('dashboard', permissions).map((ext) => (
        <SectionExtension key={`${ext.remote}:${ext.module}`} remote={ext.remote} module={ext.module} />
      ))}
    </>
  );
}
