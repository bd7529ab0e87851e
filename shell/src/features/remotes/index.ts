// The remotes feature's public surface: other features import from here, never from its files.
export {
  getInstalledSection,
  getInstalledSections,
  type InstalledSection,
  sectionsFromManifest,
  slotExtensions,
} from './installed-sections';
export { OutboxSenders } from './OutboxSenders';
export { preloadSection, RemoteSection } from './RemoteSection';
export { preloadExtension, SectionExtension } from './SectionExtension';
export { SectionVersions } from './SectionVersions';
export { getSectionVersion } from './section-versions';
