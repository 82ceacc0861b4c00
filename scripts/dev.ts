import { spawn, type ChildProcess } from 'node:child_process';

/*
 * Development: the API server restarts on change (node --watch) and Vite
 * serves the SPA with hot reload on :5173, proxying /api to the server.
 */
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=domain', '--import', 'tsx', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env['PUBLIC_URL'] ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite', '--config', 'vite.config.ts'], { stdio: 'inherit' }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
