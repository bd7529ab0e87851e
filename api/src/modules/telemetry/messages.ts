import type { Catalogue } from '../../platform/i18n';

/** The telemetry API's texts (guarded-rollout spec §2); registered with the platform's catalogue by modules/index.ts. */
const telemetryEn = {
  'telemetry.crossSite': 'Telemetry is accepted from this app’s own pages only.',
  'telemetry.notJson': 'The body must be a JSON object.',
  'telemetry.vitalMissing': 'A vital needs a name (LCP, INP or CLS) and a value.',
  'telemetry.vitalRange': 'The {name} value must be between 0 and {max}.',
  'telemetry.operatorsOnly': 'Only operators may read telemetry.',
} as const;

const telemetryDe: Record<keyof typeof telemetryEn, string> = {
  'telemetry.crossSite': 'Telemetrie wird nur von den eigenen Seiten dieser App angenommen.',
  'telemetry.notJson': 'Der Inhalt muss ein JSON-Objekt sein.',
  'telemetry.vitalMissing': 'Ein Messwert braucht einen Namen (LCP, INP oder CLS) und einen Wert.',
  'telemetry.vitalRange': 'Der Wert für {name} muss zwischen 0 und {max} liegen.',
  'telemetry.operatorsOnly': 'Nur Betreiber dürfen die Telemetrie lesen.',
};

declare module '../../platform/i18n' {
  interface ModuleMessages extends Record<keyof typeof telemetryEn, string> {}
}

export const messages: Catalogue = { de: telemetryDe, en: telemetryEn };
