import { renderWithProviders } from '@lager/shared/testing';
import { fireEvent, screen } from '@testing-library/react';
import '../../../lib/i18n';
import { TermsDialog } from './TermsDialog';

/** jsdom has no layout: give every element the box of a text taller than its scroll area. */
function fakeOverflow(scrollHeight: number, clientHeight: number) {
  const spies = [
    jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight),
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight),
  ];
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}

const scrollTo = (scrollTop: number) =>
  fireEvent.scroll(screen.getByRole('region', { name: 'Terms of service summary' }), { target: { scrollTop } });

test('Accept stays disabled until the terms are scrolled to the end', () => {
  const restore = fakeOverflow(1000, 200);
  const onAccept = jest.fn();
  renderWithProviders(<TermsDialog onAccept={onAccept} onDecline={() => {}} />, { language: 'en' });
  const accept = screen.getByRole('button', { name: 'Accept' });
  expect(accept).toBeDisabled();
  expect(screen.getByText('Scroll to the end of the terms to accept them.')).toBeInTheDocument();
  scrollTo(500);
  expect(accept).toBeDisabled();
  scrollTo(790);
  expect(accept).toBeDisabled();
  scrollTo(800);
  expect(accept).toBeEnabled();
  fireEvent.click(accept);
  expect(onAccept).toHaveBeenCalledTimes(1);
  restore();
});

test('terms that fit without scrolling can be accepted at once', () => {
  const restore = fakeOverflow(150, 200);
  renderWithProviders(<TermsDialog onAccept={() => {}} onDecline={() => {}} />, { language: 'en' });
  expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  restore();
});

test('German texts: Swiss law, free of charge, link to the full terms; Escape declines', () => {
  const restore = fakeOverflow(1000, 200);
  const onDecline = jest.fn();
  renderWithProviders(<TermsDialog onAccept={() => {}} onDecline={onDecline} />, { language: 'de' });
  expect(screen.getByRole('dialog', { name: 'Allgemeine Geschäftsbedingungen' })).toBeInTheDocument();
  expect(screen.getByText('Es gilt Schweizer Recht.')).toBeInTheDocument();
  expect(screen.getByText(/kostenlos/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Vollständige AGB lesen' })).toHaveAttribute('href', '/info/agb');
  expect(screen.getByRole('button', { name: 'Akzeptieren' })).toBeDisabled();
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  expect(onDecline).toHaveBeenCalledTimes(1);
  restore();
});
