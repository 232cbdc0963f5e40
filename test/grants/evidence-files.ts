/**
 * Where the integration suite in assembly mode leaves its cloud assembly and the AWS requests its functions sent
 * (lambdas/platform/aws-calls.ts), for the grant-evidence test to read: under .local/ (ignored by git) unless
 * INTEGRATION_ASSEMBLY_DIR and INTEGRATION_CALL_LOG name other places (a run of a few files beside the whole suite's).
 */
export const integrationAssemblyDir = (): string => process.env.INTEGRATION_ASSEMBLY_DIR ?? '.local/integration-assembly/cdk.out';
export const integrationCallLog = (): string => process.env.INTEGRATION_CALL_LOG ?? '.local/integration-assembly/aws-calls.jsonl';
