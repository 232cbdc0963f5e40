import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CfnResource, Stack } from 'aws-cdk-lib';
import { PlatformFunction } from '../../lib/constructs/platform-function';
import { repoRoot } from '../../lib/settings';
import { staleAcknowledgements } from './nag-findings';
import { cfnLint, lintErrors, templatesIn } from './cfn-lint';
import { synthesizePlatform, type Synthesized } from './synth';

/**
 * README's "Deploy to AWS" must be a path that works: this synthesizes the context of its very `cdk deploy`
 * line (parsed from README.md, so the README cannot drift from what synthesizes), with the key file its
 * openssl step writes.
 */
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const section = /^## Deploy to AWS\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';

/** The `-c key=value` pairs of the README's `npx cdk deploy` command (continuation lines joined). */
function deployContext(): Record<string, string> {
  const lines = section.split('\n');
  const start = lines.findIndex((l) => l.trim().startsWith('npx cdk deploy'));
  if (start < 0) throw new Error('README "Deploy to AWS" has no `npx cdk deploy` command');
  const command: string[] = [];
  for (const l of lines.slice(start)) {
    command.push(l.replace(/\\\s*$/, ''));
    if (!/\\\s*$/.test(l)) break;
  }
  const words = command.join(' ').trim().split(/\s+/);
  const context: Record<string, string> = {};
  words.forEach((w, i) => {
    if (w !== '-c' && w !== '--context') return;
    const [key, ...value] = (words[i + 1] ?? '').split('=');
    context[key!] = value.join('=');
  });
  return context;
}

const context = deployContext();
let s: Synthesized;
beforeAll(() => {
  // The public key file the README's `openssl rsa -pubout -out <file>` writes, made here the same way.
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  s = synthesizePlatform({ ...context, mediaPublicKeyPem: 'placeholder-replaced-below' }, (dir) => {
    const file = join(dir, context.mediaPublicKeyPem!);
    writeFileSync(file, publicKey.export({ type: 'spki', format: 'pem' }));
    return { mediaPublicKeyPem: file };
  });
});
afterAll(() => s?.cleanup());

describe('README "Deploy to AWS"', () => {
  it('bootstraps, requests the certificate, makes the key pair, deploys with every context a prod stage needs', () => {
    expect(section).toContain('npx cdk bootstrap');
    expect(section).toContain('aws acm request-certificate --region us-east-1');
    expect(section).toContain('npm run build:web');
    expect(Object.keys(context).sort()).toEqual(
      ['appOrigin', 'mailFromDomain', 'mediaCertificateArn', 'mediaDomainName', 'mediaPublicKeyPem', 'stage', 'webCertificateArn'].sort(),
    );
    expect(context.stage).toBe('prod');
    expect(section).toMatch(new RegExp(`-pubout -out ${context.mediaPublicKeyPem!.replace(/\./g, '\\.')}\\b`));
  });

  it('synthesizes without an error annotation, and cdk-nag is clean', () => {
    for (const stack of s.platform.stacks) {
      expect(Annotations.fromStack(stack).findError('*', Match.anyValue()), stack.stackName).toHaveLength(0);
    }
    const report = new AwsSolutionsChecks().validateScope(s.app);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
    // With certificates the distributions have no CFR4 finding, so it must not be acknowledged either.
    expect(staleAcknowledgements(s.app)).toEqual([]);
  });

  it('serves the app at appOrigin and media at mediaDomainName, each with its us-east-1 certificate', () => {
    const host = new URL(context.appOrigin!).hostname;
    s.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [host],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: context.webCertificateArn, SslSupportMethod: 'sni-only' }),
      }),
    });
    s.templates.media.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [context.mediaDomainName],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: context.mediaCertificateArn }),
      }),
    });
  });

  it('fills the secrets the data stack creates (media-cookie key, Stripe keys), and names the outputs holding each DNS record', () => {
    const secretIds = [...section.matchAll(/put-secret-value --secret-id (\S+)/g)].map((m) => m[1]);
    expect(secretIds).toEqual([`mvp-${context.stage}/media-cookie-private-key`, `mvp-${context.stage}/stripe`]);
    for (const secretId of secretIds) s.templates.data.hasResourceProperties('AWS::SecretsManager::Secret', { Name: secretId });
    // The webhook URL the operator registers is the API's route, through the app's distribution.
    expect(section).toContain(`${context.appOrigin}/api/webhooks/stripe`);
    s.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /api/webhooks/stripe' });
    const prefix = `mvp-${context.stage}`;
    const outputs: [keyof Synthesized['templates'], string][] = [
      ['mail', 'DkimRecord1'],
      ['mail', 'DkimRecord2'],
      ['mail', 'DkimRecord3'],
      ['web', 'WebDistributionDomain'],
      ['media', 'MediaDistributionDomain'],
    ];
    for (const [stack, output] of outputs) {
      expect(section).toContain(`\`${prefix}-${stack}\``);
      expect(section).toContain(output.replace(/\d$/, ''));
      expect(Object.keys(s.templates[stack].findOutputs(output)), `${stack} ${output}`).toHaveLength(1);
    }
    expect(section).toMatch(/sandbox/i);
  });

  it('gives templates that pass cfn-lint with no error', () => {
    expect(lintErrors(cfnLint(templatesIn(s.outdir)))).toEqual([]);
  });

  it('ships each function its own bundle: one code asset per function, holding its entry and no other function’s', () => {
    const functions = s.app.node.findAll().filter((c): c is PlatformFunction => c instanceof PlatformFunction);
    expect(functions.length).toBeGreaterThanOrEqual(16);
    /** The asset folder of a function's code, read from its template (Code.S3Key is `<hash>.zip`). */
    const assetOf = (fn: PlatformFunction) => {
      const stack = Stack.of(fn);
      const resource = stack.resolve((fn.function.node.defaultChild as CfnResource).logicalId) as string;
      const template = JSON.parse(readFileSync(join(s.outdir, stack.templateFile), 'utf8')) as {
        Resources: Record<string, { Properties: { Code: { S3Key: string } } }>;
      };
      return template.Resources[resource]!.Properties.Code.S3Key.replace(/\.zip$/, '');
    };
    /** Every source file the bundle's code came from, by its source maps (index and chunks). */
    const sourcesOf = (hash: string): Set<string> => {
      const dir = join(s.outdir, `asset.${hash}`);
      const maps = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs.map'));
      return new Set(
        maps.flatMap((m) => {
          const { sources } = JSON.parse(readFileSync(join(dir, m), 'utf8')) as { sources: string[] };
          // Paths relative to the map's folder; compared relative to the repository, as entries are.
          return sources.map((src) => relative(repoRoot, resolve(dirname(join(dir, m)), src)));
        }),
      );
    };
    const assets = functions.map((fn) => ({ fn, hash: assetOf(fn) }));
    expect(new Set(assets.map((a) => a.hash)).size).toBe(functions.length);
    const entries = new Set(functions.map((fn) => fn.entry));
    for (const { fn, hash } of assets) {
      const sources = sourcesOf(hash);
      expect(sources.has(fn.entry), `${fn.node.path} ships ${fn.entry}`).toBe(true);
      expect([...entries].filter((e) => e !== fn.entry && sources.has(e)), `${fn.node.path} ships other functions' handlers`).toEqual([]);
    }
  });
});
