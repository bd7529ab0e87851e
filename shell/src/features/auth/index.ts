// The auth feature's public surface: other features import from here, never from its files.
export { useLogout } from './use-logout';
