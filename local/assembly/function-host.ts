import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AssemblyFunction } from './cloud-assembly';

/**
 * Hosts one function of the assembly in a worker thread of its own (function-worker.mjs): its bundle, loaded from
 * its asset folder on the first invocation (a cold start), with its environment and nothing of this process's
 * modules. An invocation longer than the function's timeout fails as Lambda's does. A crashed worker is replaced by
 * the next invocation, as Lambda replaces an instance.
 */
export interface FunctionHost {
  readonly fn: AssemblyFunction;
  invoke<R = unknown>(event: unknown): Promise<R>;
  stop(): Promise<void>;
}

/** What Lambda reports when a handler throws: its error's name and message (the caller sees them, not the stack). */
export class FunctionError extends Error {
  constructor(
    readonly functionName: string,
    readonly errorType: string,
    message: string,
    readonly remoteStack?: string,
  ) {
    super(message);
    this.name = errorType;
  }
}

const workerFile = fileURLToPath(new URL('./function-worker.mjs', import.meta.url));

type Pending = { resolve(v: unknown): void; reject(e: Error): void; timer: NodeJS.Timeout };

export function hostFunction(fn: AssemblyFunction, environment: Record<string, string>): FunctionHost {
  let worker: Worker | undefined;
  let ready: Promise<Worker> | undefined;
  let next = 0;
  const pending = new Map<number, Pending>();

  const failAll = (e: Error) => {
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.reject(e);
      pending.delete(id);
    }
  };

  const start = (): Promise<Worker> =>
    (ready ??= new Promise<Worker>((resolveReady, rejectReady) => {
      const w = new Worker(workerFile, {
        workerData: { assetDir: fn.assetDir, handlerFile: fn.handlerFile, handlerExport: fn.handlerExport, functionName: fn.name, memoryMb: fn.memoryMb, arn: fn.arn },
        env: environment,
        // Lambda's memory setting bounds the whole instance; the heap is what a worker can bound.
        resourceLimits: { maxOldGenerationSizeMb: fn.memoryMb },
        // Copied by hand: piping every worker into this process's streams would pile listeners on them.
        stdout: true,
        stderr: true,
      });
      w.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
      w.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
      worker = w;
      w.on('message', (m: { ready?: true; id?: number; ok?: boolean; result?: unknown; error?: { name: string; message: string; stack?: string } }) => {
        if (m.ready) return resolveReady(w);
        const p = pending.get(m.id!);
        if (!p) return;
        pending.delete(m.id!);
        clearTimeout(p.timer);
        if (m.ok) p.resolve(m.result);
        else p.reject(new FunctionError(fn.name, m.error!.name, m.error!.message, m.error!.stack));
      });
      const lost = (e: Error) => {
        if (worker === w) {
          worker = undefined;
          ready = undefined;
        }
        rejectReady(e);
        failAll(e);
      };
      w.on('error', (e) => lost(new FunctionError(fn.name, 'Runtime.ExitError', `${fn.name} crashed: ${e.message}`, e.stack)));
      w.on('exit', (code) => lost(new FunctionError(fn.name, 'Runtime.ExitError', `${fn.name} exited with code ${code}`)));
    }));

  return {
    fn,
    async invoke<R>(event: unknown): Promise<R> {
      const w = await start();
      const id = ++next;
      const timeoutMs = fn.timeoutSeconds * 1000;
      return new Promise<R>((resolveResult, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new FunctionError(fn.name, 'Sandbox.Timedout', `Task timed out after ${fn.timeoutSeconds.toFixed(2)} seconds`));
        }, timeoutMs);
        pending.set(id, { resolve: resolveResult as (v: unknown) => void, reject, timer });
        w.postMessage({ id, event, requestId: randomUUID(), deadline: Date.now() + timeoutMs });
      });
    },
    async stop() {
      const w = worker;
      worker = undefined;
      ready = undefined;
      failAll(new Error(`${fn.name} stopped`));
      if (w) await w.terminate();
    },
  };
}
