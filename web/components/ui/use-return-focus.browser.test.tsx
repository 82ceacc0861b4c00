import { afterEach, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { useReturnFocus } from './use-return-focus.ts';

type Handlers = ReturnType<typeof useReturnFocus>;

/** The hook's two handlers, as a dialog's content gets them. */
async function returnFocusHandlers(): Promise<Handlers> {
  let handlers: Handlers | undefined;
  function Harness() {
    handlers = useReturnFocus({});
    return null;
  }
  await render(<Harness />);
  if (!handlers) throw new Error('the harness did not render');
  return handlers;
}

/** An active bet's actions: the outer group, and the void group whose 'Request Void' opened the dialog. */
function betActions() {
  const card = document.createElement('div');
  card.innerHTML = `
    <div data-focus-home="actions">
      <button>I Won</button>
      <div data-focus-home="actions" data-focus-key="void-1"><button>Request Void</button></div>
    </div>`;
  document.body.append(card);
  cards.push(card);
  const [, requestVoid] = card.querySelectorAll('button');
  const voidGroup = card.querySelector<HTMLElement>('[data-focus-key="void-1"]');
  if (!requestVoid || !voidGroup) throw new Error('no actions');
  return { card, requestVoid, voidGroup };
}

const cards: HTMLElement[] = [];
const autoFocusEvent = () => new Event('focusScope.autoFocus', { cancelable: true });

afterEach(() => {
  for (const card of cards.splice(0)) card.remove();
});

test("a dialog closed while its opener is busy waits for the action's result: focus goes to what replaced it", async () => {
  const handlers = await returnFocusHandlers();
  const { requestVoid, voidGroup } = betActions();
  requestVoid.focus();
  handlers.onOpenAutoFocus(autoFocusEvent());
  // The dialog's 'Request Void' sent the request: the card's button is disabled while it is out.
  requestVoid.disabled = true;
  requestVoid.blur();

  const close = autoFocusEvent();
  handlers.onCloseAutoFocus(close);
  expect(close.defaultPrevented).toBe(true);
  // Not the group's next enabled action ('I Won'): the result decides.
  expect(document.activeElement).toBe(document.body);

  voidGroup.innerHTML = '<p>You asked to void this bet.</p><button>Cancel</button>';
  await expect.poll(() => document.activeElement?.textContent).toBe('Cancel');
});

test('a dialog closed while its opener is busy gives focus back to the opener once it is enabled', async () => {
  const handlers = await returnFocusHandlers();
  const { requestVoid } = betActions();
  requestVoid.focus();
  handlers.onOpenAutoFocus(autoFocusEvent());
  requestVoid.disabled = true;
  requestVoid.blur();
  handlers.onCloseAutoFocus(autoFocusEvent());

  requestVoid.disabled = false;
  await expect.poll(() => document.activeElement).toBe(requestVoid);
});

test('a user who has moved on while the opener was busy keeps their place', async () => {
  const handlers = await returnFocusHandlers();
  const { card, requestVoid, voidGroup } = betActions();
  requestVoid.focus();
  handlers.onOpenAutoFocus(autoFocusEvent());
  requestVoid.disabled = true;
  requestVoid.blur();
  handlers.onCloseAutoFocus(autoFocusEvent());

  const iWon = card.querySelector('button');
  iWon?.focus();
  voidGroup.innerHTML = '<button>Cancel</button>';
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(document.activeElement).toBe(iWon);
});

test('focus returns to the opener even when a key moved focus on before the dialog took it', async () => {
  const { card, requestVoid } = betActions();
  // The dialog's content mounts in the commit that follows the press on 'Request Void'.
  requestVoid.focus();
  const handlers = await returnFocusHandlers();
  // Radix moves focus in from a passive effect, after a paint: a Tab pressed first lands on the next control.
  const iWon = card.querySelector('button');
  iWon?.focus();
  handlers.onOpenAutoFocus(autoFocusEvent());

  const close = autoFocusEvent();
  handlers.onCloseAutoFocus(close);
  expect(close.defaultPrevented).toBe(true);
  expect(document.activeElement).toBe(requestVoid);
});
