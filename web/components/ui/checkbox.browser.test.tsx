import { useState } from 'react';
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Checkbox } from './checkbox.tsx';
import { Label } from './label.tsx';

function Box({ disabled = false, changes }: { disabled?: boolean; changes: boolean[] }) {
  const [checked, setChecked] = useState(false);
  return (
    <div className="flex items-center gap-3">
      <Checkbox
        id="box"
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => {
          changes.push(value);
          setChecked(value);
        }}
      />
      <Label htmlFor="box">I am 18 or older</Label>
    </div>
  );
}

// A native input since issue 23 (Radix Checkbox left the sign-up page's first load): the same props and looks.
test('the checkbox toggles by click, label and Space, reports booleans, and looks as before when ticked', async () => {
  const changes: boolean[] = [];
  await render(<Box changes={changes} />);
  const box = page.getByRole('checkbox', { name: 'I am 18 or older' });
  const style = getComputedStyle(box.element());
  expect(style.appearance).toBe('none');
  expect(style.width).toBe('20px');
  expect(style.backgroundImage).toBe('none');
  const untickedColour = style.backgroundColor;

  await box.click();
  await expect.element(box).toBeChecked();
  expect(style.backgroundImage).toContain('data:image/svg+xml');
  expect(style.backgroundColor).not.toBe(untickedColour);

  await page.getByText('I am 18 or older').click();
  await expect.element(box).not.toBeChecked();
  await userEvent.keyboard(' ');
  await expect.element(box).toBeChecked();
  expect(changes).toEqual([true, false, true]);
});

test('a disabled checkbox does not change and is faded', async () => {
  const changes: boolean[] = [];
  await render(<Box disabled changes={changes} />);
  const box = page.getByRole('checkbox', { name: 'I am 18 or older' });
  await expect.element(box).toBeDisabled();
  await box.click({ force: true });
  await expect.element(box).not.toBeChecked();
  expect(changes).toEqual([]);
  expect(getComputedStyle(box.element()).opacity).toBe('0.5');
});
