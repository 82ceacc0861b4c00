import fc from 'fast-check';

/** Real ids the fuzzer mixes in, so requests also reach the code behind the checks. */
export type FuzzIds = {
  userIds: string[];
  betIds: string[];
  requestIds: string[];
  cursors: string[];
  challengeCodes?: string[];
  /** Pots, their outcomes and their payments, so pot requests reach past the id checks. */
  potIds?: string[];
  potOptionIds?: string[];
  potPaymentIds?: string[];
  /** Groups (one the user is in, one they are not) and their link codes. */
  groupIds?: string[];
  groupCodes?: string[];
};

export type FuzzRequest = {
  route: string;
  method: string;
  path: string;
  /** Sent as is; `json` bodies are serialized by the runner. */
  body?: { json: unknown } | { raw: string | Uint8Array; contentType: string };
  /** Auth routes get a fresh client address each, so their per-address limits never hide a 5xx. */
  freshIp?: boolean;
};

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'bet\u0000',
  '\u0007\u001b[31mred',
  'line\nbreak',
  'tab\there',
  '\r\n',
  '\u202Eevil\u202C',
  '\u2066iso\u2069',
  '\u200B\u200C\u200D',
  '\u2060\uFEFF',
  '\u00AD',
  '\u3164',
  '%00',
  "'; drop table bet; --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '😀',
  '👩‍👩‍👧',
  '\uD800',
  'ｆｕｌｌ',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '0000000-0000-0000-0000-000000000000\u0000',
  '5551234567',
  '(555) 123-4567',
  '555',
  'NaN',
  '-1',
  '1e309',
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`) },
  { weight: 1, arbitrary: fc.integer({ min: 281, max: 3000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constant('y'.repeat(70_000)) },
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 10_000, 10_001, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
);

/** Any JSON value, with a bias towards wrong types for a field. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), nastyString, { maxKeys: 3 }) },
);

function withReal(real: string[], other: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return real.length === 0
    ? other
    : fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...real) }, { weight: 3, arbitrary: other });
}

const idLike = fc.oneof(
  fc.uuid(),
  nastyString.filter((s) => s.length > 0 && s.length < 2000),
);

function cursorArb(real: string[]): fc.Arbitrary<string> {
  const crafted = fc
    .tuple(
      fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        nastyString,
      ),
      idLike,
    )
    // Built like encodeCursor, but any text survives (btoa only takes Latin-1).
    .map(([createdAt, id]) => Buffer.from(JSON.stringify([createdAt, id])).toString('base64url'));
  return withReal(real, fc.oneof(crafted, nastyString, fc.base64String({ maxLength: 60 })));
}

/** A JSON body shaped like the route's input, with each field fuzzed or dropped, or any JSON at all. */
function bodyFor(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<FuzzRequest['body']> {
  const shaped = fc.record(
    Object.fromEntries(
      Object.entries(fields).map(([key, arb]) => [
        key,
        fc.oneof({ weight: 3, arbitrary: arb }, { weight: 2, arbitrary: nastyValue }),
      ]),
    ),
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.array(shaped, { maxLength: 2 }).map((json) => ({ json })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(nastyString, fc.constantFrom('{', '{"a":', '[1,', 'null', '{"text":"x"}')),
          fc.constantFrom('application/json', 'text/plain'),
        )
        .map(([raw, contentType]) => ({ raw, contentType })),
    },
  );
}

/** Percent-encodes a path or query part; a lone surrogate becomes an invalid UTF-8 escape, itself a good probe. */
function seg(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, ''))}%ED%A0%80`;
  }
}

type RouteSpec = {
  route: string;
  method: string;
  path: fc.Arbitrary<string>;
  body?: fc.Arbitrary<FuzzRequest['body']>;
  freshIp?: boolean;
};

/** Every route of server/app.ts except the SSE stream, with generators for its params, query and body. */
export function routeSpecs(ids: FuzzIds): RouteSpec[] {
  const userId = withReal(ids.userIds, idLike);
  const betId = withReal(ids.betIds, idLike);
  const requestId = withReal(ids.requestIds, idLike);
  const cursor = cursorArb(ids.cursors);
  const q = fc.oneof(nastyString, fc.constantFrom('user', 'seeded', '555', '5551234567', 'Test'));
  const fixed = (path: string) => fc.constant(path);
  const withQuery = (base: string, key: string, value: fc.Arbitrary<string>) =>
    fc.oneof(
      fc.constant(base),
      value.map((v) => `${base}?${key}=${seg(v)}`),
      fc.constant(`${base}?${key}=`),
      fc.constant(`${base}?${key}=a&${key}=b`),
    );
  const betPath = (suffix: string) => betId.map((id) => `/api/bets/${seg(id)}${suffix}`);
  const challengeCode = withReal(
    ids.challengeCodes ?? [],
    fc.oneof(idLike, fc.base64String({ minLength: 22, maxLength: 24 })),
  );
  const challengePath = (suffix: string) =>
    challengeCode.map((code) => `/api/challenges/${seg(code)}${suffix}`);
  const email = fc.oneof(fc.emailAddress(), nastyString);
  const potId = withReal(ids.potIds ?? [], idLike);
  const potPath = (suffix: string) => potId.map((id) => `/api/pots/${seg(id)}${suffix}`);
  const groupId = withReal(ids.groupIds ?? [], idLike);
  const groupPath = (suffix: string) => groupId.map((id) => `/api/groups/${seg(id)}${suffix}`);
  const groupCodePath = withReal(
    ids.groupCodes ?? [],
    fc.oneof(nastyString, fc.base64String({ minLength: 22, maxLength: 24 })),
  ).map((code) => `/api/groups/join/${seg(code)}`);
  const potPaymentPath = (suffix: string) =>
    fc
      .tuple(potId, withReal(ids.potPaymentIds ?? [], idLike))
      .map(([id, paymentId]) => `/api/pots/${seg(id)}/payments/${seg(paymentId)}${suffix}`);
  const pick = bodyFor({ optionId: withReal(ids.potOptionIds ?? [], idLike), guess: nastyNumber });
  return [
    {
      route: 'POST /pots',
      method: 'POST',
      path: fixed('/api/pots'),
      body: bodyFor({
        question: nastyString,
        kind: fc.oneof(fc.constantFrom('choices', 'over_under', 'closest'), nastyString),
        options: fc.oneof(fc.array(nastyString, { maxLength: 12 }), fc.constant(['A', 'B'])),
        line: fc.oneof(nastyNumber, fc.constant(null)),
        stake: nastyNumber,
        closesAt: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.constant(null),
          nastyString,
        ),
        resolveBy: fc.oneof(fc.constant(null), nastyString),
        decider: fc.oneof(fc.constantFrom('me', 'referee', 'vote'), nastyString),
        refereeId: fc.oneof(userId, fc.constant(null)),
        inviteeIds: fc.oneof(fc.array(userId, { maxLength: 4 }), fc.constant(ids.userIds.slice(0, 2))),
        entry: fc.oneof(
          fc.constant(null),
          fc.record({ optionIndex: nastyNumber }),
          fc.record({ guess: nastyNumber }),
          nastyValue,
        ),
      }),
    },
    { route: 'GET /pots/:id', method: 'GET', path: potPath('') },
    { route: 'POST /pots/:id/entry', method: 'POST', path: potPath('/entry'), body: pick },
    { route: 'PUT /pots/:id/entry', method: 'PUT', path: potPath('/entry'), body: pick },
    { route: 'DELETE /pots/:id/entry', method: 'DELETE', path: potPath('/entry') },
    { route: 'POST /pots/:id/close', method: 'POST', path: potPath('/close') },
    { route: 'POST /pots/:id/cancel', method: 'POST', path: potPath('/cancel') },
    { route: 'POST /pots/:id/referee', method: 'POST', path: potPath('/referee') },
    {
      route: 'PUT /pots/:id/referee',
      method: 'PUT',
      path: potPath('/referee'),
      body: bodyFor({ refereeId: userId }),
    },
    { route: 'POST /pots/:id/referee/decline', method: 'POST', path: potPath('/referee/decline') },
    { route: 'POST /pots/:id/decline', method: 'POST', path: potPath('/decline') },
    { route: 'GET /pots/:id/proofs', method: 'GET', path: potPath('/proofs') },
    {
      route: 'POST /pots/:id/proofs',
      method: 'POST',
      path: potPath('/proofs'),
      body: fc
        .tuple(fc.uint8Array({ maxLength: 200 }), fc.constantFrom('image/png', 'image/webp', 'text/plain'))
        .map(([raw, contentType]) => ({ raw, contentType })),
    },
    { route: 'GET /pots/:id/proofs/:file', method: 'GET', path: fc.tuple(potId, nastyString).map(([id, f]) => `/api/pots/${seg(id)}/proofs/${seg(f)}`) },
    {
      route: 'POST /pots/:id/dispute',
      method: 'POST',
      path: potPath('/dispute'),
      body: bodyFor({ reason: fc.oneof(nastyString, fc.constant(null)) }),
    },
    {
      route: 'POST /pots/:id/dispute/vote',
      method: 'POST',
      path: potPath('/dispute/vote'),
      body: bodyFor({ overturn: fc.oneof(fc.boolean(), nastyValue) }),
    },
    {
      route: 'POST /pots/:id/result',
      method: 'POST',
      path: potPath('/result'),
      body: bodyFor({ optionId: withReal(ids.potOptionIds ?? [], idLike), number: nastyNumber }),
    },
    {
      route: 'POST /pots/:id/vote',
      method: 'POST',
      path: potPath('/vote'),
      body: bodyFor({ optionId: withReal(ids.potOptionIds ?? [], idLike) }),
    },
    { route: 'GET /pots/mine', method: 'GET', path: fixed('/api/pots/mine') },
    { route: 'PUT /pots/:id/like', method: 'PUT', path: potPath('/like') },
    { route: 'DELETE /pots/:id/like', method: 'DELETE', path: potPath('/like') },
    { route: 'GET /pots/:id/comments', method: 'GET', path: potPath('/comments') },
    {
      route: 'POST /pots/:id/comments',
      method: 'POST',
      path: potPath('/comments'),
      body: bodyFor({ text: nastyString }),
    },
    { route: 'POST /pots/:id/payments/:paymentId/sent', method: 'POST', path: potPaymentPath('/sent') },
    {
      route: 'POST /pots/:id/payments/:paymentId/confirmed',
      method: 'POST',
      path: potPaymentPath('/confirmed'),
    },
    { route: 'GET /health', method: 'GET', path: withQuery('/api/health', 'x', nastyString) },
    { route: 'GET /config', method: 'GET', path: fixed('/api/config') },
    { route: 'GET /profile', method: 'GET', path: fixed('/api/profile') },
    {
      route: 'PATCH /profile',
      method: 'PATCH',
      path: fixed('/api/profile'),
      body: bodyFor({
        name: nastyString,
        username: nastyString,
        phone: nastyString,
        venmoHandle: nastyString,
        cashtag: nastyString,
        paypalMe: nastyString,
      }),
    },
    {
      route: 'PUT /profile/avatar',
      method: 'PUT',
      path: fixed('/api/profile/avatar'),
      body: fc
        .tuple(
          fc.uint8Array({ maxLength: 200 }),
          fc.constantFrom('image/png', 'image/svg+xml', 'image/webp', 'text/plain'),
        )
        .map(([raw, contentType]) => ({ raw, contentType })),
    },
    { route: 'GET /avatars/:file', method: 'GET', path: nastyString.map((f) => `/api/avatars/${seg(f)}`) },
    { route: 'GET /friends', method: 'GET', path: withQuery('/api/friends', 'cursor', cursor) },
    { route: 'GET /friends/all', method: 'GET', path: fixed('/api/friends/all') },
    {
      route: 'DELETE /friends/:userId',
      method: 'DELETE',
      path: userId.map((id) => `/api/friends/${seg(id)}`),
    },
    { route: 'GET /friend-requests', method: 'GET', path: fixed('/api/friend-requests') },
    {
      route: 'POST /friend-requests',
      method: 'POST',
      path: fixed('/api/friend-requests'),
      body: bodyFor({ userId }),
    },
    {
      route: 'POST /friend-requests/:id/accept',
      method: 'POST',
      path: requestId.map((id) => `/api/friend-requests/${seg(id)}/accept`),
    },
    {
      route: 'POST /friend-requests/:id/decline',
      method: 'POST',
      path: requestId.map((id) => `/api/friend-requests/${seg(id)}/decline`),
    },
    { route: 'GET /users/search', method: 'GET', path: withQuery('/api/users/search', 'q', q) },
    { route: 'GET /users/:id', method: 'GET', path: userId.map((id) => `/api/users/${seg(id)}`) },
    { route: 'GET /bets/mine', method: 'GET', path: fixed('/api/bets/mine') },
    {
      route: 'GET /bets/mine/pending',
      method: 'GET',
      path: withQuery('/api/bets/mine/pending', 'cursor', cursor),
    },
    {
      route: 'GET /bets/mine/active',
      method: 'GET',
      path: withQuery('/api/bets/mine/active', 'cursor', cursor),
    },
    { route: 'GET /bets/mine/past', method: 'GET', path: withQuery('/api/bets/mine/past', 'cursor', cursor) },
    {
      route: 'POST /bets',
      method: 'POST',
      path: fixed('/api/bets'),
      body: bodyFor({
        description: nastyString,
        opponentId: userId,
        amount: nastyNumber,
        opponentStake: nastyNumber,
        resolveBy: fc.oneof(nastyString, fc.constantFrom('2099-12-31', '2000-01-01', '2026-02-30', '')),
      }),
    },
    {
      route: 'POST /bets/:id/accept',
      method: 'POST',
      path: betPath('/accept'),
      body: bodyFor({ prediction: nastyString, seenCounters: nastyNumber }),
    },
    {
      route: 'POST /bets/:id/counter',
      method: 'POST',
      path: betPath('/counter'),
      body: bodyFor({ creatorStake: nastyNumber, opponentStake: nastyNumber, seenCounters: nastyNumber, note: nastyString }),
    },
    {
      route: 'POST /bets/:id/accept-counter',
      method: 'POST',
      path: betPath('/accept-counter'),
      body: bodyFor({ seenCounters: nastyNumber }),
    },
    { route: 'POST /bets/:id/decline', method: 'POST', path: betPath('/decline') },
    {
      route: 'POST /bets/:id/resolve',
      method: 'POST',
      path: betPath('/resolve'),
      body: bodyFor({ outcome: fc.oneof(fc.constantFrom('won', 'lost'), nastyString) }),
    },
    { route: 'POST /bets/:id/void', method: 'POST', path: betPath('/void') },
    { route: 'DELETE /bets/:id/void', method: 'DELETE', path: betPath('/void') },
    { route: 'POST /bets/:id/keep', method: 'POST', path: betPath('/keep') },
    {
      route: 'POST /bets/:id/dispute',
      method: 'POST',
      path: betPath('/dispute'),
      body: bodyFor({ reason: nastyString }),
    },
    // A bet's referee and proof photos (ADR 061).
    { route: 'POST /bets/:id/referee/accept', method: 'POST', path: betPath('/referee/accept') },
    { route: 'POST /bets/:id/referee/decline', method: 'POST', path: betPath('/referee/decline') },
    { route: 'PUT /bets/:id/referee', method: 'PUT', path: betPath('/referee'), body: bodyFor({ refereeId: userId }) },
    { route: 'DELETE /bets/:id/referee', method: 'DELETE', path: betPath('/referee') },
    { route: 'POST /bets/:id/referee/decide', method: 'POST', path: betPath('/referee/decide'), body: bodyFor({ winnerId: userId }) },
    {
      route: 'GET /bets/referee-candidates/:opponentId',
      method: 'GET',
      path: userId.map((id) => `/api/bets/referee-candidates/${seg(id)}`),
    },
    { route: 'GET /bets/:id/proofs', method: 'GET', path: betPath('/proofs') },
    {
      route: 'POST /bets/:id/proofs',
      method: 'POST',
      path: fc
        .tuple(betId, fc.constantFrom('resolution', 'dispute', 'other', ''))
        .map(([id, kind]) => `/api/bets/${seg(id)}/proofs?kind=${encodeURIComponent(kind)}`),
      body: fc
        .tuple(fc.uint8Array({ maxLength: 200 }), fc.constantFrom('image/png', 'image/jpeg', 'text/plain'))
        .map(([raw, contentType]) => ({ raw, contentType })),
    },
    { route: 'GET /bets/:id/proofs/:file', method: 'GET', path: fc.tuple(betId, nastyString).map(([id, f]) => `/api/bets/${seg(id)}/proofs/${seg(f)}`) },
    { route: 'POST /bets/:id/payment-sent', method: 'POST', path: betPath('/payment-sent') },
    { route: 'POST /bets/:id/payment-confirmed', method: 'POST', path: betPath('/payment-confirmed') },
    { route: 'POST /bets/:id/remind', method: 'POST', path: betPath('/remind') },
    { route: 'PUT /bets/:id/like', method: 'PUT', path: betPath('/like') },
    { route: 'DELETE /bets/:id/like', method: 'DELETE', path: betPath('/like') },
    { route: 'GET /bets/:id/comments', method: 'GET', path: betPath('/comments') },
    {
      route: 'POST /bets/:id/comments',
      method: 'POST',
      path: betPath('/comments'),
      body: bodyFor({ text: nastyString }),
    },
    { route: 'GET /bets/:id', method: 'GET', path: betPath('') },
    { route: 'GET /activity', method: 'GET', path: withQuery('/api/activity', 'cursor', cursor) },
    { route: 'GET /activity/waiting', method: 'GET', path: fixed('/api/activity/waiting') },
    {
      route: 'POST /activity/read',
      method: 'POST',
      path: fixed('/api/activity/read'),
      body: bodyFor({
        through: fc.oneof(
          nastyString,
          fc.record({
            createdAt: fc.oneof(
              nastyString,
              fc.date().map((d) => (Number.isNaN(d.getTime()) ? '' : d.toISOString())),
            ),
            id: betId,
          }),
        ),
      }),
    },
    { route: 'GET /groups', method: 'GET', path: fixed('/api/groups') },
    {
      route: 'POST /groups',
      method: 'POST',
      path: fixed('/api/groups'),
      body: bodyFor({ name: nastyString, memberIds: fc.array(userId, { maxLength: 3 }) }),
    },
    { route: 'GET /groups/join/:code', method: 'GET', path: groupCodePath, freshIp: true },
    { route: 'POST /groups/join/:code', method: 'POST', path: groupCodePath, freshIp: true },
    { route: 'GET /groups/:id', method: 'GET', path: groupPath('') },
    { route: 'GET /groups/:id/pots', method: 'GET', path: groupPath('/pots') },
    {
      route: 'GET /groups/:id/leaderboard',
      method: 'GET',
      path: groupId.chain((id) =>
        withQuery(`/api/groups/${seg(id)}/leaderboard`, 'period', fc.oneof(nastyString, fc.constantFrom('week', 'all'))),
      ),
    },
    { route: 'GET /groups/:id/balances', method: 'GET', path: groupPath('/balances') },
    {
      route: 'POST /groups/:id/simplified/mark',
      method: 'POST',
      path: groupPath('/simplified/mark'),
      body: bodyFor({
        payeeId: userId,
        amount: fc.oneof(nastyNumber, fc.integer({ min: 1, max: 100 })),
        version: fc.oneof(nastyString, fc.stringMatching(/^[0-9a-f]{32}$/)),
      }),
    },
    { route: 'PATCH /groups/:id', method: 'PATCH', path: groupPath(''), body: bodyFor({ name: nastyString }) },
    { route: 'POST /groups/:id/link/reset', method: 'POST', path: groupPath('/link/reset') },
    {
      route: 'DELETE /groups/:id/members/:userId',
      method: 'DELETE',
      path: fc.tuple(groupId, userId).map(([id, member]) => `/api/groups/${seg(id)}/members/${seg(member)}`),
    },
    { route: 'POST /groups/:id/leave', method: 'POST', path: groupPath('/leave') },
    { route: 'GET /invites/mine', method: 'GET', path: fixed('/api/invites/mine') },
    { route: 'POST /invites/mine/reset', method: 'POST', path: fixed('/api/invites/mine/reset') },
    {
      route: 'GET /invites/:code',
      method: 'GET',
      path: fc
        .oneof(nastyString, fc.base64String({ minLength: 22, maxLength: 24 }))
        .map((c) => `/api/invites/${seg(c)}`),
      freshIp: true,
    },
    {
      route: 'POST /invites/:code/accept',
      method: 'POST',
      path: fc
        .oneof(nastyString, fc.base64String({ minLength: 22, maxLength: 24 }))
        .map((c) => `/api/invites/${seg(c)}/accept`),
      freshIp: true,
    },
    { route: 'GET /challenges/mine', method: 'GET', path: fixed('/api/challenges/mine') },
    {
      route: 'POST /challenges',
      method: 'POST',
      path: fixed('/api/challenges'),
      body: bodyFor({ description: nastyString, amount: nastyNumber }),
    },
    { route: 'GET /challenges/:code', method: 'GET', path: challengePath('') },
    {
      route: 'POST /challenges/:code/take',
      method: 'POST',
      path: challengePath('/take'),
      body: bodyFor({ prediction: nastyString }),
    },
    { route: 'POST /challenges/:code/decline', method: 'POST', path: challengePath('/decline') },
    { route: 'POST /challenges/:code/cancel', method: 'POST', path: challengePath('/cancel') },
    { route: 'GET /push/config', method: 'GET', path: fixed('/api/push/config') },
    {
      route: 'POST /push/subscriptions',
      method: 'POST',
      path: fixed('/api/push/subscriptions'),
      body: bodyFor({
        endpoint: fc.oneof(
          nastyString,
          fc.webUrl({ validSchemes: ['https', 'http'] }),
          // Push services' names and inside addresses in their many spellings (ADR 051).
          fc
            .tuple(
              fc.constantFrom(
                'fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', 'x.notify.windows.com',
                '127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '0x7f000001', '2130706433', '0177.0.0.1', '169.254.169.254',
                'localhost', 'fcm.googleapis.com@127.0.0.1', 'fcm.googleapis.com.evil.example', '127.0.0.1\\@fcm.googleapis.com',
              ),
              fc.constantFrom('', ':443', ':8443', ':0'),
              fc.webPath(),
            )
            .map(([host, port, path]) => `https://${host}${port}${path}`),
        ),
        expirationTime: fc.oneof(nastyNumber, fc.constant(null)),
        keys: fc.oneof(
          nastyValue,
          fc.record({
            p256dh: fc.oneof(nastyString, fc.base64String({ minLength: 84, maxLength: 92 })),
            auth: fc.oneof(nastyString, fc.base64String({ minLength: 20, maxLength: 24 })),
          }),
        ),
      }),
    },
    {
      route: 'DELETE /push/subscriptions',
      method: 'DELETE',
      path: fixed('/api/push/subscriptions'),
      body: bodyFor({ endpoint: fc.oneof(nastyString, fc.webUrl()) }),
    },
    { route: 'GET /feed', method: 'GET', path: withQuery('/api/feed', 'cursor', cursor) },
    { route: 'GET /feed/leaderboard', method: 'GET', path: fixed('/api/feed/leaderboard') },
    { route: 'GET /balances', method: 'GET', path: fixed('/api/balances') },
    { route: 'GET /balances/:friendId', method: 'GET', path: userId.map((id) => `/api/balances/${seg(id)}`) },
    {
      route: 'POST /balances/:friendId/settle',
      method: 'POST',
      path: userId.map((id) => `/api/balances/${seg(id)}/settle`),
      body: bodyFor({ betIds: fc.oneof(fc.array(betId, { maxLength: 4 }), nastyString) }),
    },
    {
      route: 'POST /balances/:friendId/remind',
      method: 'POST',
      path: userId.map((id) => `/api/balances/${seg(id)}/remind`),
    },
    {
      route: 'POST /settlements/:id/confirm',
      method: 'POST',
      path: betId.map((id) => `/api/settlements/${seg(id)}/confirm`),
    },
    { route: 'GET /notifications/summary', method: 'GET', path: fixed('/api/notifications/summary') },
    { route: 'POST /notifications/read-all', method: 'POST', path: fixed('/api/notifications/read-all') },
    { route: 'GET /settings/notifications', method: 'GET', path: fixed('/api/settings/notifications') },
    {
      route: 'PUT /settings/notifications',
      method: 'PUT',
      path: fixed('/api/settings/notifications'),
      body: bodyFor({
        category: fc.oneof(
          fc.constantFrom('challenges', 'bet_updates', 'friend_requests', 'comments', 'reminders'),
          nastyString,
        ),
        channel: fc.oneof(fc.constantFrom('push', 'email'), nastyString),
        enabled: fc.oneof(fc.boolean(), nastyString),
      }),
    },
    {
      route: 'POST /unsubscribe',
      method: 'POST',
      path: withQuery('/api/unsubscribe', 'token', nastyString),
      body: fc.constant({
        raw: 'List-Unsubscribe=One-Click',
        contentType: 'application/x-www-form-urlencoded',
      }),
      freshIp: true,
    },
    { route: 'GET /limits', method: 'GET', path: fixed('/api/limits') },
    {
      route: 'PUT /limits/weekly-loss',
      method: 'PUT',
      path: fixed('/api/limits/weekly-loss'),
      body: bodyFor({
        weeklyLossLimit: fc.oneof(
          fc.integer({ min: 1, max: 1000 }),
          fc.constant(null),
          nastyNumber,
          nastyString,
        ),
      }),
    },
    {
      route: 'POST /limits/break',
      method: 'POST',
      path: fixed('/api/limits/break'),
      // Mostly refused shapes: a real break would only turn the rest of the run's bets into 403s.
      body: bodyFor({
        duration: fc.oneof(
          { weight: 1, arbitrary: fc.constant('24h') },
          { weight: 9, arbitrary: nastyString },
        ),
      }),
    },
    { route: 'GET /history/bets.csv', method: 'GET', path: fixed('/api/history/bets.csv') },
    { route: 'GET /nowhere', method: 'GET', path: nastyString.map((s) => `/api/${seg(s)}`) },
    {
      route: 'POST /auth/sign-up/email',
      method: 'POST',
      path: fixed('/api/auth/sign-up/email'),
      freshIp: true,
      body: bodyFor({
        name: nastyString,
        username: nastyString,
        email,
        password: nastyString,
        phone: nastyString,
        venmoHandle: nastyString,
        ageConfirmed: fc.constant(true),
      }),
    },
    {
      route: 'POST /auth/sign-in/email',
      method: 'POST',
      path: fixed('/api/auth/sign-in/email'),
      freshIp: true,
      body: bodyFor({ email, password: nastyString }),
    },
    {
      route: 'POST /auth/sign-in/username',
      method: 'POST',
      path: fixed('/api/auth/sign-in/username'),
      freshIp: true,
      body: bodyFor({ username: nastyString, password: nastyString }),
    },
    {
      route: 'POST /auth/request-password-reset',
      method: 'POST',
      path: fixed('/api/auth/request-password-reset'),
      freshIp: true,
      body: bodyFor({ email, redirectTo: fc.oneof(fc.constant('/reset-password'), nastyString) }),
    },
    {
      route: 'POST /auth/reset-password',
      method: 'POST',
      path: fixed('/api/auth/reset-password'),
      freshIp: true,
      body: bodyFor({ token: nastyString, newPassword: nastyString }),
    },
    {
      route: 'GET /auth/verify-email',
      method: 'GET',
      path: withQuery('/api/auth/verify-email', 'token', nastyString),
      freshIp: true,
    },
  ];
}

/** One request to a random route (every route equally likely). */
export function fuzzRequestArb(ids: FuzzIds): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    ...routeSpecs(ids).map((spec) =>
      fc
        .record({ path: spec.path, body: spec.body ?? fc.constant(undefined) })
        .map(({ path, body }): FuzzRequest => ({
          route: spec.route,
          method: spec.method,
          path,
          body,
          freshIp: spec.freshIp,
        })),
    ),
  );
}
