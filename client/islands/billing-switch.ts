// The billing switch's upgrade: plain DOM code over the radio buttons the
// server rendered (shared/components/BillingSwitch.tsx). The stylesheet already
// shows the picked period's prices; this only says so in the status line, for
// screen readers. No React: hydrating the switch could drop a tap that landed
// while it hydrated, and React's download is far more than one sentence needs.
import type { BillingSwitchProps } from '../../shared/components/BillingSwitch.js';
import { keepFocusClear } from '../../shared/focus-clearance.js';

export function upgrade(element: HTMLElement): void {
  const { announcements } = JSON.parse(element.dataset.props ?? '{}') as BillingSwitchProps;
  const status = element.querySelector('[role="status"]');
  const announce = (input: EventTarget | null) => {
    if (status && input instanceof HTMLInputElement && input.checked && (input.value === 'monthly' || input.value === 'yearly')) {
      status.textContent = announcements[input.value];
    }
  };
  element.addEventListener('change', (event) => announce(event.target));
  // A period picked by the tap that asked for this module, before it arrived, is announced now.
  const picked = element.querySelector<HTMLInputElement>('input:checked');
  if (picked && !picked.defaultChecked) announce(picked);
  keepFocusClear();
  element.dataset.upgraded = '';
}
