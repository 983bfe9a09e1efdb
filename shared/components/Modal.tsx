// A modal built on the native <dialog>: showModal() makes the rest of the page
// inert and Escape closes it. Tab wraps around inside it (the browser would
// otherwise let focus leave for its own toolbar), and focus goes back to
// whatever opened it.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), textarea:not([disabled]), select:not([disabled]), [tabindex="0"]';

function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
import { CloseIcon } from './icons.js';
import { header as labels } from '../content/header.labels.md';
import { fill } from '../content/labels.js';

export interface ModalProps {
  id: string;
  title: string;
  open: boolean;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

export function Modal({ id, title, open, onClose, className, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  /** Set while the dialog closes because the owner set `open` false, rather than for the visitor. */
  const closedByOwnerRef = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // React keeps autoFocus to itself, so showModal() cannot see it; this can.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      document.documentElement.classList.add('has-modal');
    } else if (!open && dialog.open) {
      closedByOwnerRef.current = true;
      dialog.close();
    }
  }, [open]);

  function handleClose() {
    // Closed for the visitor (Escape, the close button, the backdrop): tell the owner. Closed because the owner
    // set `open` false (the phone menu handing over to the contact details) is already known to it, and telling it
    // again would undo what it opened instead.
    if (!closedByOwnerRef.current) onClose();
    closedByOwnerRef.current = false;
    // Another modal opened in this one's place keeps the page still and keeps focus.
    if (document.querySelector('dialog.modal[open]')) return;
    document.documentElement.classList.remove('has-modal');
    openerRef.current?.focus();
  }

  return (
    // Keys and clicks are caught on the dialog for what is inside it (Tab kept
    // within, a click on the backdrop closes): the dialog itself takes no focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <dialog
      ref={dialogRef}
      id={id}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={`${id}-title`}
      onClose={handleClose}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget) dialogRef.current?.close();
      }}
    >
      <div className="modal-body">
        <div className="modal-head">
          <h2 id={`${id}-title`} className="modal-title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            onClick={() => dialogRef.current?.close()}
            aria-label={fill(labels.close, { dialog: title.toLowerCase() })}
          >
            <CloseIcon />
          </button>
        </div>
        {open ? children : null}
      </div>
    </dialog>
  );
}
