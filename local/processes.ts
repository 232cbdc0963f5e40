import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { pathToFileURL } from 'node:url';

/** A child process the platform owns: stopped (and waited for) when the platform stops. */
export interface OwnedProcess {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function own(name: string, child: ChildProcess, log: (line: string) => void): OwnedProcess {
  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 30) tail.shift();
      if (process.env.LOCAL_VERBOSE) log(`[${name}] ${line}`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    if (!stopping && code !== 0) log(`[${name}] exited (${code ?? signal}). Last output:\n${tail.join('\n')}`);
  });
  let stopping = false;
  return {
    name,
    child,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function spawnNode(script: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; preload?: string[] }): ChildProcess {
  return spawn(process.execPath, [...(opts.preload ?? []).flatMap((file) => ['--import', pathToFileURL(file).href]), script, ...args], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves once something accepts TCP connections on the port, or rejects after the timeout. */
export async function waitForPort(port: number, what: string, child?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited before it was ready`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start on port ${port} within ${timeoutMs / 1000}s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Fails fast with a clear message when a port the platform needs is taken. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  const taken = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
  if (taken) throw new Error(`Port ${port} (${what}) is already in use. Stop the other process or set PORT to another value.`);
}
