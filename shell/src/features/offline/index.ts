/** Working offline (README "Working offline"): the service worker's registration and what the shell shows of it. */
export { clearUserData } from './clear-user';
export { OfflineBar } from './OfflineBar';
export { registerServiceWorker } from './register';
export { pendingOf, setOffline, useOffline, watchConnection } from './state';
