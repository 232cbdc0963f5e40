import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyStructuredResultV2, DynamoDBBatchResponse } from 'aws-lambda';
import type { LocalFunctions } from '../functions';
import { matchesPattern, matchRoute, type AssemblyFunction, type CloudAssembly } from './cloud-assembly';
import { hostFunction, type FunctionHost } from './function-host';

const logger = new Logger({ serviceName: 'local-assembly' });

/**
 * The environment a hosted function gets: its template's variables, with only the values that point at AWS itself
 * replaced by the local stand-ins' (`overrides`, built in one place: local/platform.ts), plus what the Lambda
 * runtime sets (name, region, memory) and the evidence log of its AWS requests (lambdas/platform/aws-calls.ts).
 */
export function functionEnvironment(fn: AssemblyFunction, overrides: Record<string, string>, region: string, callLog?: string): Record<string, string> {
  return {
    ...fn.environment,
    ...overrides,
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    AWS_LAMBDA_FUNCTION_NAME: fn.name,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    ...(callLog ? { AWS_CALL_LOG: callLog } : {}),
  };
}

/** An HTTP API answer for a function that failed or timed out: API Gateway's own 500, with nothing of the error. */
const internalError = (): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 500,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message: 'Internal Server Error' }),
});

export function assemblyFunctions(assembly: CloudAssembly, opts: { overrides: Record<string, string>; region: string; callLog?: string }): LocalFunctions {
  const hosts = new Map<string, FunctionHost>();
  const host = (fn: AssemblyFunction) => {
    let h = hosts.get(fn.arn);
    if (!h) {
      h = hostFunction(fn, functionEnvironment(fn, opts.overrides, opts.region, opts.callLog));
      hosts.set(fn.arn, h);
    }
    return h;
  };

  return {
    route(method, path) {
      const route = matchRoute(assembly.routes, method, path);
      if (!route) return undefined;
      return {
        routeKey: route.routeKey,
        invoke: async (event) => {
          try {
            return await host(route.function).invoke<APIGatewayProxyStructuredResultV2>({ ...event, routeKey: route.routeKey, requestContext: { ...event.requestContext, routeKey: route.routeKey } });
          } catch (e) {
            logger.error('Function failed', { function: route.function.name, routeKey: route.routeKey, error: e as Error });
            return internalError();
          }
        },
      };
    },
    async runSchedule(input) {
      if (!assembly.schedulerTarget) throw new Error('The assembly names no Scheduler target (SCHEDULER_TARGET_ARN)');
      // Asynchronous invocations (Scheduler, EventBridge): a failure is the caller's, whose stand-in retries as AWS does.
      await host(assembly.schedulerTarget).invoke(input);
    },
    async publish(event) {
      const targets = assembly.rules.filter((r) => matchesPattern(r.pattern, event as unknown as Record<string, unknown>)).flatMap((r) => r.targets);
      if (!targets.length) logger.warn('No rule matches the event', { source: event.source, detailType: event['detail-type'] });
      // Every matching target, and the first failure is the caller's (the local stand-ins retry as EventBridge does).
      await Promise.all(targets.map((fn) => host(fn).invoke(event)));
    },
    tableStreamConsumers: () =>
      assembly.streamMappings.map((m) => ({
        name: m.function.name,
        filters: m.filters,
        batchSize: m.batchSize,
        retryAttempts: m.retryAttempts,
        invoke: async (event) => {
          const response = await host(m.function).invoke<DynamoDBBatchResponse | undefined>(event);
          // Without ReportBatchItemFailures, Lambda reads no partial response: the batch succeeded.
          return m.reportBatchItemFailures ? response : undefined;
        },
      })),
    async stop() {
      await Promise.all([...hosts.values()].map((h) => h.stop()));
      hosts.clear();
    },
  };
}
