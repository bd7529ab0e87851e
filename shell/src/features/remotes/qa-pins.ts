/**
 * QA override: pin one remote to a version in this browser, whatever the rollout says.
 *   ?lager-pin=remote-info@2.0.0     pin (kept in localStorage until removed)
 *   ?lager-pin=remote-info           remove that pin;  ?lager-pin=none  remove all pins
 * Several at once: ?lager-pin=remote-info@2.0.0,remote-account@1.3.0
 */
const PIN_PARAM = 'lager-pin';
const PINS_STORAGE_KEY = 'lager:pins';

export type Pins = Record<string, string>;

export function readPins(): Pins {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PINS_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

function writePins(pins: Pins): void {
  try {
    if (Object.keys(pins).length) window.localStorage.setItem(PINS_STORAGE_KEY, JSON.stringify(pins));
    else window.localStorage.removeItem(PINS_STORAGE_KEY);
  } catch {
    // storage blocked: the pin lasts for this page only
  }
}

/** Applies `?lager-pin=…` from the address to the stored pins and returns them. */
export function applyPinParams(search: string): Pins {
  const values = new URLSearchParams(search).getAll(PIN_PARAM).flatMap((v) => v.split(','));
  if (!values.length) return readPins();
  let pins = readPins();
  for (const raw of values.map((v) => v.trim()).filter(Boolean)) {
    if (raw === 'none') {
      pins = {};
      continue;
    }
    const [remote = '', version] = raw.split('@');
    if (version) pins[remote] = version;
    else delete pins[remote];
  }
  writePins(pins);
  return pins;
}
