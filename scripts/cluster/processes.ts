import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type Proc = {
  name: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last 20 kB of its stdout and stderr, for a failure message. */
  output(): string;
};

const running = new Set<Proc>();

/** Starts a child we own; `stopAll` and the exit hook below end whatever is still running. */
export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const proc: Proc = {
    name,
    child,
    exited: new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        running.delete(proc);
        resolve({ code, signal });
      });
      child.once('error', (error) => {
        keep(Buffer.from(`${name}: ${error.message}\n`));
        running.delete(proc);
        resolve({ code: -1, signal: null });
      });
    }),
    output: () => output,
  };
  running.add(proc);
  return proc;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
export async function stopProcess(proc: Proc, graceMs = 5000): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((proc) => stopProcess(proc)));
}

// A crash or Ctrl-C of the script must not leave servers behind.
process.once('exit', () => {
  for (const proc of running) proc.child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

/** Polls `check` every 50 ms until it returns a value; throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch {
      // Not there yet.
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The Debian packages the cluster needs, installed with apt-get when their binary is missing. */
export function ensureDebianPackages(packages: Record<string, string>): void {
  const missing = Object.entries(packages)
    .filter(
      ([binary]) =>
        spawnSync('sh', ['-c', `command -v ${binary} || test -x /usr/sbin/${binary}`]).status !== 0,
    )
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  process.stdout.write(`cluster: installing ${missing.join(', ')} with apt-get\n`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) => {
    const [command = 'apt-get', ...rest] = [...sudo, ...args];
    const result = spawnSync(command, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing]);
}
