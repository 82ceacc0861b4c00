import { expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderScreen } from '#web/testing/render.tsx';
import { SettingsMenu } from './settings-menu.tsx';

const renderMenu = () => {
  const onEditProfile = vi.fn();
  const rendered = renderScreen(
    <SettingsMenu
      onEditProfile={onEditProfile}
      canEditProfile
      onLogout={() => undefined}
      isLoggingOut={false}
    />,
    { path: '/profile' },
  );
  return { rendered, onEditProfile };
};

// The stand-in trigger fetches the menu's chunk (settings-menu.tsx); each test file has its own module
// graph, so the first test here is the one that meets it unloaded.
test('a press on Settings before the menu has loaded opens it once loaded, with focus in the menu', async () => {
  const { rendered, onEditProfile } = renderMenu();
  await rendered;
  const settings = page.getByRole('button', { name: 'Settings' });
  await expect.element(settings).toHaveAttribute('aria-haspopup', 'menu');
  await settings.click();
  await expect.element(page.getByRole('menu')).toBeVisible();
  for (const name of ['Edit Profile', 'Settings', 'Download History (CSV)', 'Logout'])
    await expect.element(page.getByRole('menuitem', { name })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  expect(onEditProfile).toHaveBeenCalledOnce();
  await expect.element(page.getByRole('menu')).not.toBeInTheDocument();
  await expect.element(settings).toHaveFocus();
});

test('keyboard: the focused Settings button stays focused when the menu loads, Enter opens it, Escape returns', async () => {
  await renderMenu().rendered;
  const settings = page.getByRole('button', { name: 'Settings' });
  await userEvent.tab();
  await expect.element(settings).toHaveFocus();
  // The menu's chunk (fetched on focus) has replaced the stand-in once Radix's trigger is there (data-state).
  await expect.element(settings).toHaveAttribute('data-state', 'closed');
  await expect.element(settings).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await expect.element(page.getByRole('menu')).toBeVisible();
  // Radix's own trigger by now: a keyboard opening focuses the first item.
  await expect.element(page.getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}');
  await expect.element(page.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  await expect.element(page.getByRole('menu')).not.toBeInTheDocument();
  await expect.element(settings).toHaveFocus();
});

test('a press that lands after the menu has loaded but before it has replaced the stand-in still opens it', async () => {
  await renderMenu().rendered;
  // Loaded already (the tests above): the stand-in's import resolves within microtasks, React renders later.
  await import('./settings-menu-dropdown.tsx');
  const standIn = page.getByRole('button', { name: 'Settings' }).element();
  standIn.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  expect(standIn.isConnected).toBe(true);
  standIn.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'mouse' }));
  await expect.element(page.getByRole('menu')).toBeVisible();
  await expect
    .element(page.getByRole('button', { name: 'Settings' }))
    .toHaveAttribute('aria-expanded', 'true');
});
