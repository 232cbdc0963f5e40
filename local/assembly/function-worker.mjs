// One deployed function's code in its own module context, as a Lambda instance holds it: the worker imports the
// asset's handler file (the bundle `cdk synth` staged) with the function's own environment, and runs invocations
// the host (function-host.ts) posts. Plain JavaScript: it loads built code only, never the sources.
import { parentPort, workerData } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const { assetDir, handlerFile, handlerExport, functionName, memoryMb, arn } = workerData;
const file = ['.mjs', '.js', '.cjs'].map((ext) => join(assetDir, `${handlerFile}${ext}`)).find((f) => existsSync(f));
if (!file) throw new Error(`${functionName}: no ${handlerFile}.mjs or .js in ${assetDir}`);
const module = await import(pathToFileURL(file).href);
const handler = module[handlerExport] ?? module.default?.[handlerExport];
if (typeof handler !== 'function') throw new Error(`${functionName}: ${handlerFile} exports no function ${handlerExport}`);

const context = (requestId, deadline) => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: arn,
  memoryLimitInMB: String(memoryMb),
  awsRequestId: requestId,
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'local',
  getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

parentPort.on('message', async ({ id, event, requestId, deadline }) => {
  try {
    const result = await handler(event, context(requestId, deadline));
    parentPort.postMessage({ id, ok: true, result: result === undefined ? null : result });
  } catch (e) {
    const error = e instanceof Error ? { name: e.name, message: e.message, stack: e.stack } : { name: 'Error', message: String(e) };
    parentPort.postMessage({ id, ok: false, error });
  }
});
parentPort.postMessage({ ready: true });
