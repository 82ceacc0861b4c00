import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { CreatePotFields } from '#domain/pot-rules.ts';
import type { UserSummary } from '#domain/profiles.ts';
import { alex, potView, user } from '#web/testing/factories.ts';
import { deferred } from '#web/testing/deferred.ts';
import { apiError, worker } from '#web/testing/msw.ts';
import { renderScreen } from '#web/testing/render.tsx';
import { expectErrorToast, expectSuccessToast } from '#web/testing/toasts.ts';
import type { PotData } from '../api/pots.ts';
import { CreatePotForm } from './create-pot-form.tsx';

const blake = user({ id: 'blake', name: 'Blake Chen', username: 'blakec' });
const casey = user({ id: 'casey', name: 'Casey Park', username: 'caseyp' });
const friends: UserSummary[] = [alex, blake, casey];

/** Renders the form; `created` resolves with the pot handed to `onCreated`. */
async function renderForm(): Promise<{ created: Promise<PotData> }> {
  let onCreated: (pot: PotData) => void = () => undefined;
  const created = new Promise<PotData>((resolve) => {
    onCreated = resolve;
  });
  await renderScreen(<CreatePotForm friends={friends} onCreated={onCreated} />, { path: '/home' });
  return { created };
}

/** Answers 'Create Pot' with a pot, keeping what was sent. */
function acceptPots(): CreatePotFields[] {
  const sent: CreatePotFields[] = [];
  worker.use(
    http.post('/api/pots', async ({ request }) => {
      sent.push((await request.json()) as CreatePotFields);
      return HttpResponse.json<PotData>(potView({ id: 'pot-42' }), { status: 201 });
    }),
  );
  return sent;
}

const radio = (name: string) => page.getByRole('radio', { name, exact: true });

async function fillChoicesPot() {
  await page.getByLabelText('Question').fill('Who wins the Super Bowl?');
  await page.getByLabelText('Choice 1').fill('Chiefs');
  await page.getByLabelText('Choice 2').fill('Eagles');
  await page.getByRole('button', { name: '$10', exact: true }).click();
  await page.getByRole('checkbox', { name: /Alex Rivera/ }).click();
  await page.getByRole('checkbox', { name: /Blake Chen/ }).click();
}

test("an empty form says 'Missing Question' and puts the cursor in the question", async () => {
  const sent = acceptPots();
  await renderForm();
  await page.getByRole('button', { name: 'Create Pot' }).click();

  await expectErrorToast('Missing Question', 'Please say what the pot is about.');
  await expect.element(page.getByLabelText('Question')).toHaveFocus();
  await expect.element(page.getByLabelText('Question')).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
});

test("a pot with choices, a stake, two friends and my pick is sent as typed, says 'Pot created!' and opens", async () => {
  const sent = acceptPots();
  const { created } = await renderForm();
  await fillChoicesPot();
  await page.getByRole('button', { name: 'Add Choice' }).click();
  await page.getByLabelText('Choice 3').fill('  Bills  ');
  await radio('Eagles').click();
  await page.getByRole('button', { name: 'Create Pot' }).click();

  await expectSuccessToast('Pot created!', 'Your pot is open for entries.');
  expect((await created).id).toBe('pot-42');
  expect(sent).toEqual([
    expect.objectContaining({
      question: 'Who wins the Super Bowl?',
      kind: 'choices',
      options: ['Chiefs', 'Eagles', '  Bills  '],
      line: null,
      stake: 10,
      closesAt: null,
      resolveBy: null,
      decider: 'me',
      refereeId: null,
      inviteeIds: ['alex', 'blake'],
      entry: { optionIndex: 1 },
    }),
  ]);
});

test("'Create Pot' reads 'Creating Pot...' and is disabled while the pot is sent", async () => {
  const request = deferred();
  worker.use(
    http.post('/api/pots', async () => {
      await request.promise;
      return HttpResponse.json<PotData>(potView(), { status: 201 });
    }),
  );
  const { created } = await renderForm();
  await fillChoicesPot();
  await page.getByRole('checkbox', { name: "I'm not entering" }).click();
  await page.getByRole('button', { name: 'Create Pot' }).click();

  await expect.element(page.getByRole('button', { name: 'Creating Pot...' })).toBeDisabled();
  request.resolve();
  await created;
  await expect.element(page.getByRole('button', { name: 'Create Pot' })).toBeEnabled();
});

test("Over/Under asks for the line and offers 'Over 45.5' and 'Under 45.5' as my pick", async () => {
  const sent = acceptPots();
  await renderForm();
  await page.getByLabelText('Question').fill('Total points in the final');
  await radio('Over/Under').click();
  await expect.element(page.getByLabelText('Choice 1')).not.toBeInTheDocument();
  await page.getByRole('button', { name: '$5', exact: true }).click();
  await page.getByRole('checkbox', { name: /Alex Rivera/ }).click();
  await page.getByRole('checkbox', { name: /Casey Park/ }).click();
  await page.getByRole('button', { name: 'Create Pot' }).click();
  await expectErrorToast('Missing Line', 'Please enter the number for Over/Under.');

  await page.getByLabelText('Line').fill('45.5');
  await radio('Under 45.5').click();
  await page.getByRole('button', { name: 'Create Pot' }).click();
  await expectSuccessToast('Pot created!', 'Your pot is open for entries.');
  expect(sent[0]).toMatchObject({ kind: 'over_under', options: [], line: 45.5, entry: { optionIndex: 1 } });
});

test('a referee is chosen from friends, is no longer offered as an invitee, and is required', async () => {
  const sent = acceptPots();
  await renderForm();
  await fillChoicesPot();
  await radio('Chiefs').click();
  await radio('A referee').click();
  await page.getByRole('button', { name: 'Create Pot' }).click();
  await expectErrorToast('Pick a Referee', 'Choose a friend to decide the pot.');

  await page.getByLabelText('Referee').selectOptions('Alex Rivera');
  await expect.element(page.getByRole('checkbox', { name: /Alex Rivera/ })).not.toBeInTheDocument();
  await page.getByRole('checkbox', { name: /Casey Park/ }).click();
  await page.getByRole('button', { name: 'Create Pot' }).click();
  await expectSuccessToast('Pot created!', 'Your pot is open for entries.');
  expect(sent[0]).toMatchObject({ decider: 'referee', refereeId: 'alex', inviteeIds: ['blake', 'casey'] });
});

test('each row of choices is one tab stop; the arrow keys move and choose', async () => {
  acceptPots();
  await renderForm();
  await expect.element(radio('Choices')).toHaveAttribute('aria-checked', 'true');
  await expect.element(radio('Choices')).toHaveAttribute('tabindex', '0');
  await expect.element(radio('Over/Under')).toHaveAttribute('tabindex', '-1');

  radio('Choices').element().focus();
  await userEvent.keyboard('{ArrowRight}');
  await expect.element(radio('Over/Under')).toHaveFocus();
  await expect.element(radio('Over/Under')).toHaveAttribute('aria-checked', 'true');
  await expect.element(page.getByLabelText('Line')).toBeVisible();
  await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
  await expect.element(radio('Closest Guess')).toHaveFocus();
  await expect.element(radio('Closest Guess')).toHaveAttribute('aria-checked', 'true');
  await expect.element(page.getByLabelText('Your guess')).toBeVisible();
  // 'Entrants vote' needs choices: it is offered with Choices only.
  await expect.element(radio('Entrants vote')).not.toBeInTheDocument();
});

test("a refusal shows the server's message in an 'Error' toast and keeps the form", async () => {
  worker.use(http.post('/api/pots', () => apiError('FORBIDDEN', 'You can only invite friends.')));
  await renderForm();
  await fillChoicesPot();
  await radio('Chiefs').click();
  await page.getByRole('button', { name: 'Create Pot' }).click();

  await expectErrorToast('Error', 'You can only invite friends.');
  await expect.element(page.getByLabelText('Question')).toHaveValue('Who wins the Super Bowl?');
  await expect.element(page.getByRole('button', { name: 'Create Pot' })).toBeEnabled();
});
