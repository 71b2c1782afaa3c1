// A benchmark's server in a child process of its own (so that the load generator and the server do not
// share an event loop): the reference provider, or a bare node:http server answering a fixed JSON.
import { fileURLToPath } from 'node:url';
import { scriptArgs, startChild, type ChildProcess } from '../child-run.js';

export interface Target {
  child: ChildProcess;
  url: string;
  apiKey: string;
  cryptoKey: string;
}

/** Starts target.ts in `mode`; resolves once it reports its address and merchant. */
export function startTarget(mode: 'bare' | 'provider'): Promise<Target> {
  const child = startChild(process.execPath, scriptArgs(fileURLToPath(new URL('./target.ts', import.meta.url)), [mode]), {
    env: process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ...(m as Omit<Target, 'child'>) }));
    child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code}`)));
  });
}
