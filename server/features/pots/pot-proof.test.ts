import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CreatePotFields, PotView } from '#domain/pots.ts';
import { proofSchema } from '#domain/proofs.ts';
import type { Agent } from '#server/testing/agent.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { proofPhoto, uploadProof } from '#server/testing/proof-upload.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

/* ADR 061: the decider's proof of a pot's result ('Add Proof' before 'Declare Result'). */

type Person = { agent: Agent; id: string };
let t: TestApp;
let creator: Person;
let referee: Person;
let entrants: Person[];
let stranger: Person;
const person = async (): Promise<Person> => {
  const { agent, user } = await signedInUser(t);
  return { agent, id: user.id };
};
beforeAll(async () => {
  t = await createTestApp();
  creator = await person();
  referee = await person();
  entrants = [await person(), await person(), await person()];
  stranger = await person();
  for (const friend of [referee, ...entrants]) await makeFriends(t, creator.id, friend.id);
});
afterAll(() => closeTestApp(t));

const entrant = (i: number) => entrants[i] ?? creator;

async function create(overrides: Partial<CreatePotFields> = {}): Promise<PotView> {
  const res = await creator.agent.api.pots.$post({
    json: {
      question: 'Who scores first?',
      kind: 'choices',
      options: ['Red', 'Blue'],
      line: null,
      stake: 5,
      closesAt: null,
      resolveBy: null,
      decider: 'me',
      refereeId: null,
      inviteeIds: entrants.map((e) => e.id),
      entry: { optionIndex: 0 },
      ...overrides,
    },
  });
  expect(res.status).toBe(201);
  return res.json();
}
const proofsPath = (id: string) => `/api/pots/${id}/proofs`;

test("the referee adds proof before 'Declare Result': shown to everyone in the pot, no one else", async () => {
  const pot = await create({ decider: 'referee', refereeId: referee.id, entry: null });
  const photo = await proofPhoto(400, 300);
  // Not before accepting the role.
  expect((await uploadProof(t, referee.agent, proofsPath(pot.id), photo)).status).toBe(403);
  expect((await referee.agent.api.pots[':id'].referee.$post({ param: { id: pot.id } })).status).toBe(200);
  const res = await uploadProof(t, referee.agent, proofsPath(pot.id), photo, 'image/jpeg');
  expect(res.status).toBe(201);
  const proof = proofSchema.parse(await res.json());
  expect(proof).toMatchObject({ kind: 'result', addedBy: { id: referee.id } });

  const listed = await entrant(0).agent.api.pots[':id'].proofs.$get({ param: { id: pot.id } });
  expect((await listed.json()).map((p) => p.id)).toEqual([proof.id]);
  const served = await entrant(1).agent.get(proof.url);
  expect(served.status).toBe(200);
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 300, 400, undefined]);
  expect((await stranger.agent.get(proof.url)).status).toBe(404);
  expect((await stranger.agent.api.pots[':id'].proofs.$get({ param: { id: pot.id } })).status).toBe(404);
});

test('only the decider adds proof: the creator of a referee pot 403, an invitee 403, a stranger 404, signed out 401, not an image 422', async () => {
  const pot = await create();
  const photo = await proofPhoto(200, 100);
  expect((await uploadProof(t, entrant(0).agent, proofsPath(pot.id), photo)).status).toBe(403);
  expect((await uploadProof(t, stranger.agent, proofsPath(pot.id), photo)).status).toBe(404);
  expect((await uploadProof(t, null, proofsPath(pot.id), photo)).status).toBe(401);
  expect((await t.app.request(`${TEST_ORIGIN}${proofsPath(pot.id)}`)).status).toBe(401);
  expect((await uploadProof(t, creator.agent, proofsPath(pot.id), new TextEncoder().encode('x'), 'text/plain')).status).toBe(422);
  expect((await uploadProof(t, creator.agent, '/api/pots/nope/proofs', photo)).status).toBe(422);
  expect((await uploadProof(t, creator.agent, proofsPath(pot.id), photo)).status).toBe(201);

  const refereePot = await create({ decider: 'referee', refereeId: referee.id, entry: null });
  expect((await uploadProof(t, creator.agent, proofsPath(refereePot.id), photo)).status).toBe(403);
});

test('a cancelled pot takes no proof', async () => {
  const pot = await create();
  expect((await creator.agent.api.pots[':id'].cancel.$post({ param: { id: pot.id } })).status).toBe(200);
  expect((await uploadProof(t, creator.agent, proofsPath(pot.id), await proofPhoto(200, 100))).status).toBe(403);
});
