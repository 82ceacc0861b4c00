import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROOF_MAX_BYTES, proofSchema } from '#domain/proofs.ts';
import { errorOf, type Agent } from '#server/testing/agent.ts';
import { insertBet } from '#server/testing/bets.ts';
import { makeFriends, signedInUser } from '#server/testing/factories.ts';
import { proofPhoto, uploadProof } from '#server/testing/proof-upload.ts';
import { closeTestApp, createTestApp, TEST_ORIGIN, type TestApp } from '#server/testing/test-app.ts';

/* ADR 061: proof photos on one-on-one bets. */

type Person = { agent: Agent; id: string };
let t: TestApp;
let creator: Person;
let opponent: Person;
let friendOfCreator: Person;
let stranger: Person;
const person = async (): Promise<Person> => {
  const { agent, user } = await signedInUser(t);
  return { agent, id: user.id };
};
beforeAll(async () => {
  t = await createTestApp();
  [creator, opponent, friendOfCreator, stranger] = [await person(), await person(), await person(), await person()];
  await makeFriends(t, creator.id, opponent.id);
  await makeFriends(t, creator.id, friendOfCreator.id);
});
afterAll(() => closeTestApp(t));

async function wonBet(by: Person = creator) {
  const bet = await insertBet(t, { createdBy: creator.id, opponentId: opponent.id, status: 'active' });
  expect((await by.agent.api.bets[':id'].resolve.$post({ param: { id: bet.id }, json: { outcome: 'won' } })).status).toBe(200);
  return bet;
}
const proofsPath = (betId: string, kind = 'resolution') => `/api/bets/${betId}/proofs?kind=${kind}`;

test("the 'I Won' claimant adds proof: re-encoded upright WebP without metadata, seen by the bet's viewers only", async () => {
  const bet = await wonBet();
  const res = await uploadProof(t, creator.agent, proofsPath(bet.id), await proofPhoto(), 'image/jpeg');
  expect(res.status).toBe(201);
  const proof = proofSchema.parse(await res.json());
  expect(proof).toMatchObject({ kind: 'resolution', addedBy: { id: creator.id } });

  const listed = await opponent.agent.api.bets[':id'].proofs.$get({ param: { id: bet.id } });
  expect(listed.status).toBe(200);
  expect((await listed.json()).map((p) => p.id)).toEqual([proof.id]);

  const served = await opponent.agent.get(proof.url);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  const bytes = Buffer.from(await served.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  // Orientation 6 (rotate 90°) was applied: 1200×800 became 800×1200, and no EXIF is left to re-apply it.
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 800, 1200, undefined]);
  expect(bytes.toString('latin1')).not.toContain('Secret Owner');

  expect((await friendOfCreator.agent.get(proof.url)).status).toBe(200);
  expect((await stranger.agent.get(proof.url)).status).toBe(404);
  expect((await stranger.agent.api.bets[':id'].proofs.$get({ param: { id: bet.id } })).status).toBe(404);
});

test('a large photo is shrunk to fit 1600 px', async () => {
  const bet = await wonBet();
  const res = await uploadProof(t, creator.agent, proofsPath(bet.id), await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#fff' } }).png().toBuffer());
  expect(res.status).toBe(201);
  const proof = proofSchema.parse(await res.json());
  const meta = await sharp(Buffer.from(await (await creator.agent.get(proof.url)).arrayBuffer())).metadata();
  expect([meta.width, meta.height]).toEqual([1600, 533]);
});

test('not an image, an empty body, or over 5 MB is refused with a clear 4xx', async () => {
  const bet = await wonBet();
  const text = await uploadProof(t, creator.agent, proofsPath(bet.id), new TextEncoder().encode('hello'), 'text/plain');
  expect(text.status).toBe(422);
  expect((await errorOf(text)).error.message).toBe('Please select an image file.');
  const fake = await uploadProof(t, creator.agent, proofsPath(bet.id), new TextEncoder().encode('not really a png'), 'image/png');
  expect(fake.status).toBe(422);
  expect((await uploadProof(t, creator.agent, proofsPath(bet.id), new Uint8Array(0))).status).toBe(422);
  const big = await uploadProof(t, creator.agent, proofsPath(bet.id), new Uint8Array(PROOF_MAX_BYTES + 1));
  expect(big.status).toBe(413);
  expect((await errorOf(big)).error.message).toBe('Please select an image smaller than 5MB.');
  expect((await uploadProof(t, creator.agent, `/api/bets/${bet.id}/proofs?kind=other`, await proofPhoto())).status).toBe(422);
  expect((await uploadProof(t, creator.agent, '/api/bets/not-a-uuid/proofs', await proofPhoto())).status).toBe(422);
});

test('only the resolver adds resolution proof: the loser 403, a friend of the creator 403, a stranger 404, signed out 401', async () => {
  const bet = await wonBet();
  const photo = await proofPhoto(200, 100);
  expect((await uploadProof(t, opponent.agent, proofsPath(bet.id), photo)).status).toBe(403);
  expect((await uploadProof(t, friendOfCreator.agent, proofsPath(bet.id), photo)).status).toBe(403);
  expect((await uploadProof(t, stranger.agent, proofsPath(bet.id), photo)).status).toBe(404);
  expect((await uploadProof(t, null, proofsPath(bet.id), photo)).status).toBe(401);
  expect((await t.app.request(`${TEST_ORIGIN}/api/bets/${bet.id}/proofs`)).status).toBe(401);
  const active = await insertBet(t, { createdBy: creator.id, opponentId: opponent.id, status: 'active' });
  expect((await uploadProof(t, creator.agent, proofsPath(active.id), photo)).status).toBe(403);
});

test("an 'I Lost' concession has no proof to add; the disputing loser adds dispute proof", async () => {
  const conceded = await insertBet(t, { createdBy: creator.id, opponentId: opponent.id, status: 'active' });
  await opponent.agent.api.bets[':id'].resolve.$post({ param: { id: conceded.id }, json: { outcome: 'lost' } });
  expect((await uploadProof(t, opponent.agent, proofsPath(conceded.id), await proofPhoto(200, 100))).status).toBe(403);

  const bet = await wonBet();
  expect((await uploadProof(t, opponent.agent, proofsPath(bet.id, 'dispute'), await proofPhoto(200, 100))).status).toBe(403);
  expect((await opponent.agent.api.bets[':id'].dispute.$post({ param: { id: bet.id }, json: { reason: 'See the photo' } })).status).toBe(200);
  const res = await uploadProof(t, opponent.agent, proofsPath(bet.id, 'dispute'), await proofPhoto(200, 100));
  expect(res.status).toBe(201);
  const proofs = await (await creator.agent.api.bets[':id'].proofs.$get({ param: { id: bet.id } })).json();
  expect(proofs.map((p) => [p.kind, p.addedBy.id])).toEqual([['dispute', opponent.id]]);
  expect((await uploadProof(t, friendOfCreator.agent, proofsPath(bet.id, 'dispute'), await proofPhoto(200, 100))).status).toBe(403);
});

test('an unknown proof file of a visible bet is 404; a bad file name 422', async () => {
  const bet = await wonBet();
  expect((await creator.agent.get(`/api/bets/${bet.id}/proofs/${crypto.randomUUID()}.webp`)).status).toBe(404);
  expect((await creator.agent.get(`/api/bets/${bet.id}/proofs/..%2Fsecret.webp`)).status).toBe(422);
});
