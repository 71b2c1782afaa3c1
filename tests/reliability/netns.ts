// A provider off this machine, on this machine: a network namespace of its own joined to the host by a veth pair
// (a /30: the host end .1, the namespace end .2). From inside, the suite is reachable only at the host end's
// address: the namespace's loopback is its own, and it has no other route.
import { randomInt } from 'node:crypto';
import { runChildSync, startChild, type ChildProcess } from '../../scripts/child-run.js';

export interface Netns {
  name: string;
  /** The host end: the only address of the suite's machine the namespace reaches. */
  hostAddress: string;
  /** The namespace end: where a server inside listens for the suite. */
  nsAddress: string;
  /** Starts `node args` inside the namespace (its own process group, stopped by remove()). */
  node(args: readonly string[]): ChildProcess;
  /** Stops what node() started (asked first: the provider removes its key file) and deletes the namespace (its veth pair goes with it). */
  remove(): Promise<void>;
}

/** `ip args`; throws with its error output when it fails. */
function ip(args: readonly string[]): void {
  const run = runChildSync('ip', args, { env: process.env, cwd: process.cwd() });
  if (run.code !== 0) throw new Error(run.stderr.trim() || `ip ${args.join(' ')}: exit ${run.code ?? run.signal}`);
}

/** Why namespaces cannot be made here (not root, no `ip`, no permission), or undefined when they can. */
export function netnsProblem(): string | undefined {
  if (process.getuid?.() !== 0) return 'network namespaces need root (`ip netns add`): not root here';
  const name = `pts-probe-${process.pid}-${randomInt(1e6)}`;
  try {
    ip(['netns', 'add', name]);
    ip(['netns', 'del', name]);
    return undefined;
  } catch (e) {
    return `\`ip netns add\` is not permitted here: ${(e as Error).message}`;
  }
}

export function createNetns(): Netns {
  const tag = `${process.pid % 10_000}${randomInt(100)}`;
  const name = `pts-cb-${tag}`;
  // 10.231.0.0/16 cut into /30s: one of them, drawn, so that parallel runs rarely meet (and a meeting fails loudly).
  const block = randomInt(16_384) * 4;
  const base = `10.231.${Math.floor(block / 256)}.`;
  const [hostAddress, nsAddress] = [`${base}${(block % 256) + 1}`, `${base}${(block % 256) + 2}`];
  const [hostEnd, nsEnd] = [`vh${tag}`, `vn${tag}`]; // interface names: 15 characters at most
  const children: ChildProcess[] = [];
  const signal = (c: ChildProcess, s: NodeJS.Signals) => {
    try {
      if (c.pid !== undefined && c.exitCode === null && c.signalCode === null) process.kill(-c.pid, s);
    } catch {
      // gone already
    }
  };
  const deleteAll = () => {
    try {
      ip(['netns', 'del', name]);
    } catch {
      // never made
    }
    try {
      ip(['link', 'del', hostEnd]);
    } catch {
      // went with the namespace
    }
  };
  const remove = async () => {
    const exited = children.map((c) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.once('exit', r))));
    for (const c of children) signal(c, 'SIGTERM');
    const timer = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());
    await Promise.race([Promise.all(exited), timer(5000)]);
    for (const c of children) signal(c, 'SIGKILL');
    deleteAll();
  };
  try {
    ip(['netns', 'add', name]);
    ip(['link', 'add', hostEnd, 'type', 'veth', 'peer', 'name', nsEnd]);
    ip(['link', 'set', nsEnd, 'netns', name]);
    ip(['addr', 'add', `${hostAddress}/30`, 'dev', hostEnd]);
    ip(['link', 'set', hostEnd, 'up']);
    ip(['netns', 'exec', name, 'ip', 'addr', 'add', `${nsAddress}/30`, 'dev', nsEnd]);
    ip(['netns', 'exec', name, 'ip', 'link', 'set', nsEnd, 'up']);
    ip(['netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up']);
  } catch (e) {
    deleteAll();
    throw e;
  }
  return {
    name,
    hostAddress,
    nsAddress,
    node(args) {
      const child = startChild('ip', ['netns', 'exec', name, process.execPath, ...args], { env: process.env, group: true });
      children.push(child);
      return child;
    },
    remove,
  };
}
