/**
 * The esbuild settings every Lambda bundle uses, shared by the CDK construct and the bench so the
 * bench measures exactly what is deployed.
 */
// dist-es builds of the AWS SDK tree-shake; the CommonJS ones do not.
export const LAMBDA_MAIN_FIELDS = ['module', 'main'];
// ESM output still meets CommonJS dependencies that call require().
export const LAMBDA_ESM_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";
