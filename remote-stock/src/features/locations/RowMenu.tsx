import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

/**
 * A row's actions: inline beside the row on wide screens; on phones (≤ 40rem, stock.css) folded
 * behind one "⋯" disclosure button (aria-expanded), so a tree row stays one line. Escape closes
 * it and gives the focus back to that button.
 */
export function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();
  const onKeyDown = (e: KeyboardEvent<HTMLSpanElement>) => {
    // A dialog opened from the menu is portalled elsewhere: its Escape is its own.
    if (e.key !== 'Escape' || !open || !e.currentTarget.contains(e.target as Node)) return;
    e.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    // Escape from the toggle or any action inside (their keydown bubbles here); the span itself is no control.
    // biome-ignore lint/a11y/noStaticElementInteractions: keys of the buttons inside, delegated.
    <span className={open ? 'stock-row-menu open' : 'stock-row-menu'} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="secondary stock-row-menu-toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <span id={id} className="stock-row-menu-items">
        {children}
      </span>
    </span>
  );
}
