export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const iso = (ms: number) => new Date(ms).toISOString();
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** mulberry32: tiny and fast; its 2^32-step cycle never repeats within a run, so ids stay unique. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  /** Standard normal, by Box–Muller. */
  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }
  /** 32 alphanumerics: the shape of better-auth's generated ids. */
  id(): string {
    let id = '';
    for (let i = 0; i < 32; i++) id += ALPHANUMERIC.charAt(Math.floor(this.next() * 62));
    return id;
  }
  uuid(): string {
    const hex = (digits: number) =>
      this.int(0, 16 ** digits - 1)
        .toString(16)
        .padStart(digits, '0');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${this.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(6)}${hex(6)}`;
  }
}
