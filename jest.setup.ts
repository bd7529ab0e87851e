import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { preloadDialogs } from './shared/src/ui/dialogs';

// A screen test renders the whole section with MSW; on a 2-core CI runner that is busy with the
// API suite beside it, 5 s (Jest's default) was too short for the slowest ones.
jest.setTimeout(20_000);
// Likewise for findBy…/waitFor: a screen whose data arrives after 1 s (the library's default) on that busy
// runner is still correct — InviteUserForm's roles took longer in the clean-clone CI and its waitFor gave up.
configure({ asyncUtilTimeout: 5_000 });

// The dialog code is fetched when the first dialog opens or once the page is idle
// (shared/src/ui/dialogs.tsx): screens are tested with it loaded, like a page after its idle
// preload; dialogs.test.tsx covers a first dialog opened before it arrived.
beforeAll(() => preloadDialogs());

afterEach(() => {
  window.localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
