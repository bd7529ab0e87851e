/**
 * Runtime configuration: read from `config.json` beside the app at start, never
 * compiled in, so one build runs against any API host and contact mailbox.
 */
export interface RuntimeConfig {
  /** Origin of the API ('' = same origin, the serving proxy forwards /api and /sanctum). */
  apiBaseUrl: string;
  /** Host name of the API shown in the privacy text. */
  apiHost: string;
  /** Contact mailbox shown on the info and privacy pages. */
  contactEmail: string;
}

const defaults: RuntimeConfig = { apiBaseUrl: '', apiHost: 'localhost', contactEmail: 'kontakt@lager.example' };
let current: RuntimeConfig = { ...defaults };

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(patch: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...current, ...patch };
  return current;
}

/** Loads `config.json` from the page's origin; a missing file keeps the defaults. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const res = await fetch(url); // served with Cache-Control: no-cache; a plain fetch can use the HTML's preload
    if (res.ok) return setRuntimeConfig((await res.json()) as Partial<RuntimeConfig>);
  } catch {
    // Offline or no config: the defaults point at the same origin.
  }
  return current;
}
