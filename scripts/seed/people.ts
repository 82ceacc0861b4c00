/* Users, the friend graph and pending friend requests: deterministic for a given seed. */
import { DAY, type Random } from './random.ts';

export const FIRST =
  'James Mary Michael Patricia Robert Jennifer David Linda William Elizabeth Carlos Sofia Daniel Maria Matthew Emily Anthony Olivia Joshua Emma Andrew Ava Kevin Mia Brian Chloe Tyler Grace Jamal Aaliyah Wei Mei Raj Priya Luis Camila Noah Hannah Ethan Zoe Marcus Nia Omar Leila Diego Lucia Kenji Yuki Liam Isabella Ryan Madison Jordan Taylor Alex Sam Chris Jess Nick Kate'.split(
    ' ',
  );
const LAST =
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Patel Kim Chen Wang Singh Khan Murphy Cohen Okafor Sato'.split(
    ' ',
  );
const AREA_CODES = '212 213 206 202 303 305 310 312 404 415 503 512 617 619 646 702 718 773 917 615'.split(
  ' ',
);

type UserRow = {
  id: string;
  name: string;
  email: string;
  username: string;
  displayUsername: string;
  phone: string;
  venmoHandle: string;
  createdAt: number;
};

function usernameFor(rng: Random, first: string, last: string): string {
  const [f, l] = [first.toLowerCase(), last.toLowerCase()];
  switch (rng.int(0, 5)) {
    case 0:
      return `${first}${last}`;
    case 1:
      return `${f}.${l}`;
    case 2:
      return `${f}_${l}`;
    case 3:
      return `${f.charAt(0)}${l}`;
    case 4:
      return `${first}${rng.int(1, 99)}`;
    default:
      return `${f}${l.charAt(0)}${rng.int(70, 99)}`;
  }
}

/** Users, the demo account first; sign-ups grow towards today, as a young app's do. */
export function createUsers(
  rng: Random,
  count: number,
  now: number,
  demo: { username: string; email: string },
) {
  const usernames = new Set<string>([demo.username]);
  const phones = new Set<string>();
  const nextPhone = () => {
    for (;;) {
      // 1% in the fictional 555 exchange, so a '555-12' search finds a few.
      const exchange = rng.chance(0.01) ? '555' : String(rng.int(200, 999));
      const phone = `${rng.pick(AREA_CODES)}${exchange}${String(rng.int(0, 9999)).padStart(4, '0')}`;
      if (!phones.has(phone)) {
        phones.add(phone);
        return phone;
      }
    }
  };
  const rows: UserRow[] = [
    {
      id: rng.id(),
      name: 'Demo User',
      email: demo.email,
      username: demo.username,
      displayUsername: demo.username,
      phone: nextPhone(),
      venmoHandle: 'sidepot-demo',
      createdAt: now - 300 * DAY,
    },
  ];
  while (rows.length < count) {
    const [first, last] = [rng.pick(FIRST), rng.pick(LAST)];
    let display = usernameFor(rng, first, last);
    while (usernames.has(display.toLowerCase())) display = `${display.slice(0, 24)}${rng.int(1, 999)}`;
    const username = display.toLowerCase();
    usernames.add(username);
    rows.push({
      id: rng.id(),
      name: `${first} ${last}`,
      email: `${username}@example.com`,
      username,
      displayUsername: display,
      phone: nextPhone(),
      venmoHandle: rng.chance(0.6) ? `${first}-${last}-${rng.int(1, 9999)}` : `${first}-${last}`,
      createdAt: now - 365 * DAY * (1 - Math.sqrt(rng.next())),
    });
  }
  return { rows, ids: rows.map((row) => row.id), createdAt: rows.map((row) => row.createdAt) };
}

/** Friend pairs by user index (a < b not implied), when each formed, and a set of pair keys for lookups. */
export type Edges = { n: number; a: number[]; b: number[]; at: number[]; keys: Set<number> };

const pairKey = (n: number, x: number, y: number) => (x < y ? x * n + y : y * n + x);

function addEdge(rng: Random, edges: Edges, createdAt: number[], now: number, x: number, y: number): boolean {
  const key = pairKey(edges.n, x, y);
  if (x === y || edges.keys.has(key)) return false;
  const since = Math.max(createdAt[x] ?? now, createdAt[y] ?? now);
  edges.keys.add(key);
  edges.a.push(x);
  edges.b.push(y);
  // Most friendships form soon after the later of the two sign-ups.
  edges.at.push(since + (now - since) * rng.next() ** 2);
  return true;
}

export function pickDemoFriends(rng: Random, createdAt: number[], now: number, edges: Edges, count: number) {
  let added = 0;
  while (added < count) if (addEdge(rng, edges, createdAt, now, 0, rng.int(1, edges.n - 1))) added++;
}

/** Mostly 5–30 friends (log-normal), a few newcomers with almost none, and rare hubs with hundreds. */
function targetDegree(rng: Random): number {
  const r = rng.next();
  if (r < 0.03) return rng.int(0, 3);
  if (r < 0.034) return Math.min(2000, Math.round(150 * (1 - rng.next()) ** (-1 / 1.5)));
  return Math.min(150, Math.max(4, Math.round(Math.exp(Math.log(14) + 0.55 * rng.normal()))));
}

/**
 * A configuration model: each user gets as many "stubs" as their target
 * degree and stubs are paired in order of a position. 60% of stubs sit near
 * their owner's index, so circles of friends overlap (friends of friends are
 * common, as in real graphs); the rest are placed anywhere. Self-pairs and
 * duplicates are dropped, which trims degrees slightly. The demo user
 * (index 0) is left out: its friends are chosen exactly.
 */
export function pickFriendships(rng: Random, createdAt: number[], now: number, edges: Edges) {
  const n = edges.n;
  const codes: number[] = [];
  for (let owner = 1; owner < n; owner++) {
    const degree = targetDegree(rng);
    for (let k = 0; k < degree; k++) {
      const position = rng.chance(0.6) ? owner + rng.normal() * 250 : rng.next() * n;
      const wrapped = ((position % n) + n) % n;
      // Position and owner packed into one number, so a native numeric sort orders them.
      codes.push(Math.floor(wrapped * 64) * n + owner);
    }
  }
  const sorted = Float64Array.from(codes).sort();
  for (let k = 0; k + 1 < sorted.length; k += 2) {
    addEdge(rng, edges, createdAt, now, (sorted[k] ?? 0) % n, (sorted[k + 1] ?? 0) % n);
  }
}

/**
 * Both rows of every friendship, ordered by user id as the primary key is:
 * its index then grows at one edge instead of splitting pages everywhere,
 * which matters once it outgrows shared_buffers.
 */
export function* inPrimaryKeyOrder(ids: string[], edges: Edges) {
  const rank: number[] = [];
  [...ids.keys()]
    .sort((x, y) => ((ids[x] ?? '') < (ids[y] ?? '') ? -1 : 1))
    .forEach((index, position) => (rank[index] = position));
  const rows = edges.a.length * 2;
  const codes = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    const owner = (r % 2 ? edges.b[r >> 1] : edges.a[r >> 1]) ?? 0;
    codes[r] = (rank[owner] ?? 0) * rows + r;
  }
  for (const code of codes.sort()) {
    const r = code % rows;
    const [a, b] = [edges.a[r >> 1] ?? 0, edges.b[r >> 1] ?? 0];
    yield { userIndex: r % 2 ? b : a, friendIndex: r % 2 ? a : b, edge: r >> 1 };
  }
}

const REQUESTS_SENT = [0, 0, 0, 1, 1, 1, 2, 2, 3, 4];

/** A few pending requests per user, never between friends, at most one per unordered pair, all recent. */
export function pickRequests(
  rng: Random,
  createdAt: number[],
  now: number,
  edges: Edges,
  demoIncoming: number,
) {
  const n = edges.n;
  const pending = new Set<number>();
  const requests: { from: number; to: number; at: number }[] = [];
  const tryAdd = (from: number, to: number) => {
    const key = pairKey(n, from, to);
    if (from === to || edges.keys.has(key) || pending.has(key)) return false;
    pending.add(key);
    const since = Math.max(createdAt[from] ?? now, createdAt[to] ?? now, now - 21 * DAY);
    requests.push({ from, to, at: since + (now - since) * rng.next() });
    return true;
  };
  for (let from = 1; from < n; from++) {
    const count = rng.pick(REQUESTS_SENT);
    for (let k = 0; k < count; k++) {
      const to = rng.chance(0.5) ? Math.round(from + rng.normal() * 250) : rng.int(1, n - 1);
      // The demo user's requests are chosen below, so its inbox is predictable.
      if (to > 0 && to < n) tryAdd(from, to);
    }
  }
  let added = 0;
  while (added < demoIncoming) if (tryAdd(rng.int(1, n - 1), 0)) added++;
  return requests;
}
