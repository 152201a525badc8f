// `npm run dev`: the API with reload (tsx watch) and the client with hot module replacement
// (Vite on http://127.0.0.1:5173, proxying /api, /dev and /events.io to the API on :3000).
import concurrently from 'concurrently';

const { result } = concurrently(
  [
    { name: 'api', command: 'tsx watch --clear-screen=false server/main.ts', prefixColor: 'cyan' },
    {
      name: 'web',
      command: 'vite --config web/vite.config.ts --host 127.0.0.1',
      prefixColor: 'magenta',
    },
  ],
  { killOthersOn: ['failure', 'success'] },
);
result.catch(() => process.exit(1));
