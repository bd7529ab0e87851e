/**
 * The few browser effects the product spec asks for (full page reloads). Kept in one
 * object so tests can observe them and the app never calls location.reload directly.
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Full navigation to a path, followed by a fresh start of the app. */
  assign(path: string): void {
    window.location.assign(path);
  },
};
