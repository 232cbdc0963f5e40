import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary findings for `code` as if it lived at `filePath` (repository-relative). */
async function boundaryFindings(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'boundaries/import-boundaries').map((m) => m.message);
}

// The first lint loads ESLint's config and the TypeScript parser: seconds on a busy machine, not a bug.
describe('import boundaries (eslint-boundaries.js)', { timeout: 60_000 }, () => {
  it('no web feature imports another feature', async () => {
    const findings = await boundaryFindings("import { x } from '../../videos/api';\nexport const y = x;\n", 'web/src/features/users/components/probe.tsx');
    expect(findings).toEqual(['Feature "users" imports feature "videos": move what both need to web/src/lib or web/src/components.']);
    expect(await boundaryFindings("import { x } from '../api';\nexport const y = x;\n", 'web/src/features/users/components/probe.tsx')).toEqual([]);
    expect(await boundaryFindings("import { x } from '../../../lib/api';\nexport const y = x;\n", 'web/src/features/users/components/probe.tsx')).toEqual([]);
  });

  it('no web feature imports web/src/routes/ (pages live in their features; routes gather them)', async () => {
    const findings = await boundaryFindings("import type { X } from '../../../routes/admin/admin-routes';\nexport type Y = X;\n", 'web/src/features/users/pages/probe.tsx');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/^Feature "users" imports \.\.\/\.\.\/\.\.\/routes\/admin\/admin-routes from web\/src\/routes\/: .*web\/src\/lib or web\/src\/components\.$/);
    expect(await boundaryFindings("export const load = () => import('../../../routes/user/user-layout');\n", 'web/src/features/users/pages/probe.tsx')).toHaveLength(1);
    expect(await boundaryFindings("import { x } from '../../features/users/api';\nexport const y = x;\n", 'web/src/routes/admin/probe.tsx')).toEqual([]);
  });

  it('no web code imports server code', async () => {
    const findings = await boundaryFindings("import { x } from '../../../../lambdas/core/entities/team';\nexport const y = x;\n", 'web/src/routes/admin/probe.tsx');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/Web code imports server code/);
    expect(await boundaryFindings("import type { X } from '../../../../shared/permissions';\nexport type Y = X;\n", 'web/src/routes/admin/probe.tsx')).toEqual([]);
  });

  it('no domain module imports an AWS SDK package; platform adapters may', async () => {
    const code = "import { S3Client } from '@aws-sdk/client-s3';\nexport const c = S3Client;\n";
    expect(await boundaryFindings(code, 'lambdas/content/probe.ts')).toEqual(['A domain imports @aws-sdk/client-s3: use a port in lambdas/platform/ instead.']);
    expect(await boundaryFindings(code, 'lambdas/platform/probe.ts')).toEqual([]);
    expect(await boundaryFindings("export const load = () => import('@aws-sdk/client-ses');\n", 'lambdas/mail/probe.ts')).toHaveLength(1);
  });

  it('ports depend only downward', async () => {
    const up = "import { recordSent } from '../../mail/mail-log';\nexport const r = recordSent;\n";
    expect(await boundaryFindings(up, 'lambdas/platform/mail/probe.ts')).toEqual([
      "A port imports ../../mail/mail-log: ports depend only on lambdas/platform/ and shared/; pass what the domain must do in.",
    ]);
    expect(await boundaryFindings("import { platformConfig } from '../config';\nexport const c = platformConfig;\n", 'lambdas/platform/mail/probe.ts')).toEqual([]);
    expect(await boundaryFindings("import type { Plan } from '../../../shared/constants';\nexport type P = Plan;\n", 'lambdas/platform/mail/probe.ts')).toEqual([]);
  });
});
