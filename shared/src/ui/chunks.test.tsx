import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ComponentType, type ReactNode, useState } from 'react';
import { renderWithProviders } from '../testing';
import { ChunkBoundary, lazyRetry } from './chunks';

const chunkError = () => Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });

class Outer extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Section unavailable</p> : this.props.children;
  }
}

/** A list with a selection and a button whose dialog is a lazy chunk, as the stock list has. */
function Screen({ Dialog }: { Dialog: ComponentType }) {
  const [picked, setPicked] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <Outer>
      <input type="checkbox" aria-label="Milk" checked={picked} onChange={(e) => setPicked(e.target.checked)} />
      <button type="button" onClick={() => setOpen(true)}>
        Print labels
      </button>
      {open && (
        <ChunkBoundary>
          <Dialog />
        </ChunkBoundary>
      )}
    </Outer>
  );
}

test('a lazy part whose code does not arrive: a note beside the click, the state kept, loaded again online (issue 38)', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let loads = 0;
  const Dialog = lazyRetry(async () => {
    loads += 1;
    if (loads === 1) throw chunkError();
    return { default: () => <p role="dialog">Label dialog</p> };
  });
  renderWithProviders(<Screen Dialog={Dialog} />, { language: 'en' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('checkbox', { name: 'Milk' }));
  await user.click(screen.getByRole('button', { name: 'Print labels' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('This part could not be loaded – no connection?');
  expect(screen.queryByText('Section unavailable')).not.toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Milk' })).toBeChecked();
  // Not tried again by itself in a loop: once, until the next chance.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(loads).toBe(1);

  await act(async () => {
    dispatchEvent(new Event('online'));
  });
  expect(await screen.findByRole('dialog')).toHaveTextContent('Label dialog');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(loads).toBe(2);
});

test('Retry loads again; an error other than missing code goes on to the boundary above', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let loads = 0;
  const Flaky = lazyRetry(async () => {
    loads += 1;
    if (loads === 1) throw chunkError();
    return { default: () => <p>Loaded</p> };
  });
  renderWithProviders(<Screen Dialog={Flaky} />, { language: 'en' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Print labels' }));
  await user.click(await screen.findByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Loaded')).toBeInTheDocument();

  const Broken = lazyRetry(async () => ({
    default: () => {
      throw new Error('a bug');
    },
  }));
  renderWithProviders(<Screen Dialog={Broken} />, { language: 'en' });
  await user.click(screen.getAllByRole('button', { name: 'Print labels' })[1]!);
  expect(await screen.findByText('Section unavailable')).toBeInTheDocument();
});
