/**
 * Runtime data the page may carry inline: `<script type="application/json" id="lager-runtime">`
 * with `{ config, remotes, styleNonce }`, written by the serving stack (scripts/shell-page.cjs) so the shell
 * starts without fetching config.json and remotes.json first. A static host without it: the
 * shell fetches both files as before.
 */
export interface InlineRuntime {
  config?: Record<string, unknown>;
  remotes?: unknown;
  /** This response's CSP nonce for the `<style>` elements Radix adds (a new one per page). */
  styleNonce?: string;
}

export function readInlineRuntime(doc: Document = document): InlineRuntime {
  const element = doc.getElementById('lager-runtime');
  if (!element?.textContent) return {};
  try {
    const data: unknown = JSON.parse(element.textContent);
    return data && typeof data === 'object' ? (data as InlineRuntime) : {};
  } catch {
    return {};
  }
}
