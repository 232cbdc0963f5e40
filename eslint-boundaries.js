// The project's import boundaries (DESIGN §2, ARCHITECTURE "Folders"), as one small local ESLint rule:
// - no web feature imports another feature (web/src/features/<a> -> web/src/features/<b>);
// - no web feature imports web/src/routes/ (the layouts and route tables gather the features, never the reverse);
// - no web code imports server code (lambdas/, lib/, local/, bin/);
// - no domain module imports an AWS SDK package (only lambdas/platform/ adapters may);
// - ports depend only downward: nothing under lambdas/platform/ imports a domain, lambdas/core or lambdas/events;
// - no domain imports another: lambdas/<domain>/ imports its own folder, lambdas/core/, lambdas/platform/ and shared/
//   (what one domain causes in another is an event: lambdas/core/events/domain-events.ts);
// - the core imports only itself, the ports and shared/ (never a domain, nor the trigger functions of lambdas/events/).
import { dirname, relative, resolve } from 'node:path';

const SERVER_ROOTS = ['lambdas/', 'lib/', 'local/', 'bin/'];
/** Folders of lambdas/ that are not domains: the shared core, the ports, and the trigger functions that call into domains. */
const LAMBDA_LAYERS = ['core', 'platform', 'events'];

function check(context, node, source) {
  if (!source || typeof source.value !== 'string') return;
  const spec = source.value;
  const root = context.cwd;
  const file = relative(root, context.filename).split('\\').join('/');
  const target = spec.startsWith('.') ? relative(root, resolve(dirname(context.filename), spec)).split('\\').join('/') : undefined;

  if (file.startsWith('web/src/')) {
    if (target && SERVER_ROOTS.some((r) => target.startsWith(r))) {
      context.report({ node: source, messageId: 'webImportsServer', data: { spec } });
    }
    const own = /^web\/src\/features\/([^/]+)\//.exec(file)?.[1];
    const other = target && /^web\/src\/features\/([^/]+)(\/|$)/.exec(target)?.[1];
    if (own && other && other !== own) context.report({ node: source, messageId: 'crossFeature', data: { own, other } });
    if (own && target && /^web\/src\/routes(\/|$)/.test(target)) context.report({ node: source, messageId: 'featureImportsRoutes', data: { own, spec } });
  }
  if (file.startsWith('lambdas/platform/') && target?.startsWith('lambdas/') && !target.startsWith('lambdas/platform/')) {
    context.report({ node: source, messageId: 'portImportsUp', data: { spec } });
  }
  const lambdaFolder = (path) => /^lambdas\/([^/]+)\//.exec(path)?.[1];
  const ownFolder = lambdaFolder(file);
  const targetFolder = target && lambdaFolder(target);
  if (ownFolder && targetFolder && targetFolder !== ownFolder && !['core', 'platform'].includes(targetFolder)) {
    if (ownFolder === 'core') context.report({ node: source, messageId: 'coreImportsUp', data: { spec } });
    else if (!LAMBDA_LAYERS.includes(ownFolder)) context.report({ node: source, messageId: 'crossDomain', data: { own: ownFolder, other: targetFolder } });
  }
  if (/^lambdas\/(?!platform\/)/.test(file) && spec.startsWith('@aws-sdk/')) {
    context.report({ node: source, messageId: 'domainImportsSdk', data: { spec } });
  }
}

const importBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature: 'Feature "{{own}}" imports feature "{{other}}": move what both need to web/src/lib or web/src/components.',
      featureImportsRoutes:
        'Feature "{{own}}" imports {{spec}} from web/src/routes/: routes only gather features (layouts and route tables); move the shared part to web/src/lib or web/src/components.',
      webImportsServer: 'Web code imports server code ({{spec}}): share it through shared/ instead.',
      portImportsUp: 'A port imports {{spec}}: ports depend only on lambdas/platform/ and shared/; pass what the domain must do in.',
      domainImportsSdk: 'A domain imports {{spec}}: use a port in lambdas/platform/ instead.',
      crossDomain:
        'Domain "{{own}}" imports domain "{{other}}": move what both read into lambdas/core/, or make what one causes in the other a domain event (lambdas/core/events/domain-events.ts).',
      coreImportsUp: 'lambdas/core imports {{spec}}: the core depends only on itself, lambdas/platform/ and shared/.',
    },
    schema: [],
  },
  create(context) {
    const visit = (node) => check(context, node, node.source);
    return {
      ImportDeclaration: visit,
      ImportExpression: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
    };
  },
};

export const boundaries = { rules: { 'import-boundaries': importBoundaries } };
