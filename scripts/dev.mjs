// `npm run dev`: the server (tsx watch) on :3000 and Vite's dev server with hot reload on :5173.
import { spawn } from 'node:child_process';

const run = (cmd, args) => spawn(cmd, args, { stdio: 'inherit', shell: false });
const children = [
  run('npx', ['tsx', 'watch', 'server/cli.ts']),
  run('npx', ['vite', '--config', 'renderer/vite.config.ts']),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
